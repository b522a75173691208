// The `ads-preview` command of the repository (package.json "bin", so `npx ads-preview check`
// and `npx ads-preview move` work in a clone after npm ci). The single executable answers the same commands and also runs
// the server; from a clone the server starts with `npm start`.
import fs from 'node:fs'
import { MOVE_USAGE } from '../server/commands/move/move-usage.ts'
import { COMMAND_LINES, isSubcommandOf, type SubcommandOf } from '../shared/commands.ts'
import { CHECK_USAGE } from './check/check-args.ts'
import { runCheckCommand } from './check/check-command.ts'
import { spawnSourceWorker } from './check/source-worker.ts'

const { version } = JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
  version: string
}
const [command, ...args] = process.argv.slice(2)

/** The subcommands a clone's `ads-preview` runs; the server and its users run through npm scripts. */
const RUN: Record<SubcommandOf<'clone'>, (args: string[]) => Promise<number>> = {
  check: (args) => runCheckCommand(args, { version, spawnWorker: spawnSourceWorker }),
  move: async (args) => {
    // The move runs server code, which Node's type stripping alone cannot load: tsx loads it.
    const { tsImport } = await import('tsx/esm/api')
    const { runMoveCommand } = (await tsImport(
      '../server/commands/move/move-command.ts',
      import.meta.url,
    )) as typeof import('../server/commands/move/move-command.ts')
    return runMoveCommand(args)
  },
}

if (command === '--version') {
  console.log(version)
  process.exitCode = 0
} else if (isSubcommandOf('clone', command)) {
  process.exitCode = await RUN[command](args)
} else {
  process.stderr.write(
    `${command && command !== '--help' && command !== '-h' ? `Unknown command: ${command}\n\n` : ''}${CHECK_USAGE}\n${MOVE_USAGE}\n\nIn a clone, the server starts with \`${COMMAND_LINES.serve.clone}\` and users are managed with \`${COMMAND_LINES.users.clone}\`.\n`,
  )
  process.exitCode = command && command !== '--help' && command !== '-h' ? 2 : 0
}
