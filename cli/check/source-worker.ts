// Checking processes from the source tree (npx, tests): Node strips the types of worker.ts
// itself. The single executable starts itself instead (bin/single-executable/main.ts).
import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { SpawnWorker } from './pool.ts'

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url))

export const spawnSourceWorker: SpawnWorker = ({ env }) =>
  fork(WORKER, [], { env, execArgv: [], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] })
