// `npm run users -- ...` (see users-command.ts).
import process from 'node:process'
import { runUsersCommand } from './users-command.ts'

process.exitCode = await runUsersCommand(process.argv.slice(2))
