// `npm start`, as the README says to run it (npm -> the start script -> the server), keeps the
// start contract (tests/ops/start-contract.ts). The first call builds dist/ when it is stale.
import path from 'node:path'
import { beforeAll } from 'vitest'
import { runToExit } from '../helpers/product-process.ts'
import { describeStartContract } from './start-contract.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')

beforeAll(async () => {
  // npm start builds a missing or stale dist/ first; --version then exits at once.
  await runToExit(['npm', 'start', '--', '--version'], { cwd: ROOT, timeoutMs: 120_000 })
}, 130_000) // a build of dist/ when it is stale (the client and the server), else one start

describeStartContract({ name: 'npm start', command: ['npm', 'start', '--'], cwd: ROOT })
