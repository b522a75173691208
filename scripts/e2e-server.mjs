// The server the end-to-end tests run against: the client built into a folder of this run's
// own (so concurrent runs do not overwrite each other's build), a fresh data folder, and the
// real server started from source.
import './require-node.mjs'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import process from 'node:process'
import { runBinSync } from './run-bin.mjs'

process.chdir(new URL('..', import.meta.url).pathname)
const port = process.env.E2E_PORT ?? '4173'
const runDir = `.tmp/e2e-${port}`
const dataDir = process.env.E2E_DATA_DIR ?? `${runDir}/data`
const clientDir = `${runDir}/client`
fs.rmSync(dataDir, { recursive: true, force: true })
fs.mkdirSync(dataDir, { recursive: true })

const build = runBinSync('vite', [
  'build',
  '--outDir',
  `../${clientDir}`,
  '--emptyOutDir',
  '--logLevel',
  'warn',
])
if (build.status !== 0) process.exit(build.status ?? 1)

// tsx as a loader in this Node, not its CLI, which would put another process in between.
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: path.resolve(dataDir),
    CLIENT_DIR: clientDir,
    ADMIN_EMAIL: 'qa@example.com',
    ADMIN_PASSWORD: 'correct-horse-battery',
    LOG_REQUESTS: process.env.E2E_LOG_REQUESTS ?? '0',
    LOG_FORMAT: 'text',
    // No runtime audit of every test's upload: they would queue behind each other in Chromium
    // all through the run. tests/e2e/targets.spec.ts watches one on a product of its own.
    AUDIT_SECONDS: '0',
    // Undo offers last long enough for an accessibility check of the offer on a loaded machine
    // (tests/e2e/list-scale.spec.ts watches one run out on a product of its own).
    DELETE_UNDO_SECONDS: '120',
  },
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal))
server.on('exit', (code) => process.exit(code ?? 0))
