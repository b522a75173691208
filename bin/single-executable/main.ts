// The single executable's entry (Node's single executable applications): `check` (and the
// checking processes it starts, which are this binary again), `move` (move-command.ts), the
// server's inspecting processes (this binary again), else the same command line and
// server as `npm start`, with its own files unpacked under DATA_DIR/.runtime (runtime-files.ts)
// and the users command built in (`./ads-preview users ...`).
import { spawn } from 'node:child_process'
import process from 'node:process'
import { runCheckCommand } from '../../cli/check/check-command.ts'
import { serveChecks } from '../../cli/check/worker-loop.ts'
import { runMoveCommand } from '../../server/commands/move/move-command.ts'
import { runServerCli } from '../../server/commands/serve/serve-command.ts'
import { runUsersCommand } from '../../server/commands/users/users-command.ts'
import {
  INSPECT_WORKER_ARG,
  type SpawnInspector,
} from '../../server/creatives/inspection/inspect-in-child.ts'
import { serveInspection } from '../../server/creatives/inspection/inspect-worker.ts'
import { BUILD } from '../../server/platform/build-info.ts'
import { isSubcommandOf, type SubcommandOf } from '../../shared/commands.ts'
import { loadRuntimeFiles } from './runtime-files.ts'

/** The argument a checking process of `check` is started with: the binary starts itself. */
const CHECK_WORKER = '--check-worker'

/** The server's command line; `users` goes through it too, for the runtime files it unpacks. */
function serve(): Promise<void> {
  return runServerCli({
    entry: 'binary',
    runtime: (config) => {
      const { clientDir, ...files } = loadRuntimeFiles(config.dataDir, BUILD.version)
      config.clientDir = clientDir
      const spawnInspector: SpawnInspector = (env) =>
        spawn(process.execPath, [INSPECT_WORKER_ARG], {
          env,
          serialization: 'advanced',
          stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
        })
      return { ...files, spawnInspector }
    },
    runUsers: (args, runtime) =>
      runUsersCommand(args, {
        ...(runtime.migrationsDir ? { migrationsDir: runtime.migrationsDir } : {}),
        ...(runtime.nativeBinding ? { nativeBinding: runtime.nativeBinding } : {}),
      }),
  })
}

const exitWith = (code: number) => {
  process.exitCode = code
}

/** The binary's subcommands; without one (or with a worker's argument) it is something else. */
const RUN: Record<SubcommandOf<'binary'>, (args: string[]) => Promise<unknown>> = {
  check: (args) =>
    runCheckCommand(args, {
      version: BUILD.version,
      spawnWorker: ({ env }) =>
        spawn(process.execPath, [CHECK_WORKER], { env, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] }),
    }).then(exitWith),
  move: (args) =>
    runMoveCommand(args, (config) => {
      const { clientDir: _client, ...files } = loadRuntimeFiles(config.dataDir, BUILD.version)
      return files
    }).then(exitWith),
  users: serve,
}

const [command, ...args] = process.argv.slice(2)
if (command === CHECK_WORKER) serveChecks()
else if (command === INSPECT_WORKER_ARG) serveInspection()
else if (isSubcommandOf('binary', command)) void RUN[command](args)
else void serve()
