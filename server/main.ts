// `npm start` / `npm run dev`: the only file that listens, through the shared CLI.
import { runServerCli } from './cli.ts'

await runServerCli()
