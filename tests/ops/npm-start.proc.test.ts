// `npm start`, as the README says to run it (npm -> the start script -> the server), keeps the
// start contract (tests/ops/start-contract.ts). The first call builds dist/ when it is stale.
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { runToExit, startProductProcess } from '../helpers/product-process.ts'
import { describeStartContract, productLines } from './start-contract.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const NPM_START = ['npm', 'start', '--']

beforeAll(async () => {
  // npm start builds a missing or stale dist/ first; --version then exits at once.
  await runToExit([...NPM_START, '--version'], { cwd: ROOT, timeoutMs: 120_000 })
}, 130_000) // a build of dist/ when it is stale (the client and the server), else one start

describeStartContract({ name: 'npm start', command: NPM_START, cwd: ROOT })

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-first-start-'))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

// Two runs through npm: 11-28 s each measured here beside the suite at a load of 30.
it('a first start stopped by a taken port, then one that works: its report ends on the first password', async () => {
  const taken = net.createServer()
  await new Promise<void>((resolve) => taken.listen(0, resolve))
  try {
    const port = String((taken.address() as net.AddressInfo).port)
    const failed = await runToExit(NPM_START, { cwd: ROOT, env: { DATA_DIR: dataDir, PORT: port } })
    expect(failed.code, failed.output).toBe(1)
  } finally {
    taken.close()
  }
  const product = await startProductProcess({ command: NPM_START, cwd: ROOT, env: { DATA_DIR: dataDir } })
  await product.stop('SIGTERM')
  product.killAll()
  const messages = productLines(product.output()).map((line) => (JSON.parse(line) as { msg: string }).msg)
  // The last line of the start report, right before the request log would begin.
  const lastOfReport = messages[messages.findIndex((msg) => msg.startsWith('SIGTERM')) - 1]
  expect(lastOfReport, messages.join('\n')).toMatch(
    /^Sign in as admin@localhost with the password [\w-]{20} \(said at each start until the first sign-in; change it with `npm run users -- passwd admin@localhost`\)$/,
  )
}, 60_000)
