// `npm start` / `npm run dev`: the only file that listens, through the shared CLI.
import { runServerCli } from './commands/serve/serve-command.ts'

await runServerCli()
