// The `ads-preview` command of the repository (package.json "bin", so `npx ads-preview check`
// works in a clone after npm ci). The single executable answers the same commands and also runs
// the server; from a clone the server starts with `npm start`.
import fs from 'node:fs'
import { CHECK_USAGE } from './check/check-args.ts'
import { runCheckCommand } from './check/check-command.ts'
import { spawnSourceWorker } from './check/source-worker.ts'

const { version } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string
}
const [command, ...args] = process.argv.slice(2)

if (command === '--version') {
  console.log(version)
  process.exitCode = 0
} else if (command === 'check') {
  process.exitCode = await runCheckCommand(args, { version, spawnWorker: spawnSourceWorker })
} else {
  process.stderr.write(
    `${command && command !== '--help' && command !== '-h' ? `Unknown command: ${command}\n\n` : ''}${CHECK_USAGE}\nIn a clone, the server starts with \`npm start\` and users are managed with \`npm run users\`.\n`,
  )
  process.exitCode = command && command !== '--help' && command !== '-h' ? 2 : 0
}
