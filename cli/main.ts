// The `ads-preview` command of the repository (package.json "bin", so `npx ads-preview check`
// and `npx ads-preview move` work in a clone after npm ci). The single executable answers the same commands and also runs
// the server; from a clone the server starts with `npm start`.
import fs from 'node:fs'
import { MOVE_USAGE } from '../server/commands/move/move-usage.ts'
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
} else if (command === 'move') {
  // The move runs server code, which Node's type stripping alone cannot load: tsx loads it.
  const { tsImport } = await import('tsx/esm/api')
  const { runMoveCommand } = (await tsImport(
    '../server/commands/move/move-command.ts',
    import.meta.url,
  )) as typeof import('../server/commands/move/move-command.ts')
  process.exitCode = await runMoveCommand(args)
} else {
  process.stderr.write(
    `${command && command !== '--help' && command !== '-h' ? `Unknown command: ${command}\n\n` : ''}${CHECK_USAGE}\n${MOVE_USAGE}\n\nIn a clone, the server starts with \`npm start\` and users are managed with \`npm run users\`.\n`,
  )
  process.exitCode = command && command !== '--help' && command !== '-h' ? 2 : 0
}
