// Builds the single executable, copies it alone into an empty folder outside the repository
// (no Node.js project, no node_modules beside it), and runs the sign-in and upload end-to-end
// tests and `ads-preview check` against it. Part of `npm test`.
import './require-node.mjs'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import process from 'node:process'

process.chdir(new URL('..', import.meta.url).pathname)
const build = spawnSync('node', ['scripts/build-binary.mjs'], { stdio: ['ignore', 'ignore', 'inherit'] })
if (build.status !== 0) process.exit(build.status ?? 1)
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-binary-'))
const binary = path.join(folder, 'ads-preview')
fs.copyFileSync('dist/ads-preview', binary)
fs.chmodSync(binary, 0o755)
const version = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim()
const expected = JSON.parse(fs.readFileSync('package.json', 'utf8')).version
if (version !== expected) {
  console.error(`the binary says version ${version}, package.json ${expected}`)
  process.exit(1)
}
const args = process.argv.slice(2)
const run = spawnSync(
  'npx',
  [
    'playwright',
    'test',
    'tests/e2e/auth.spec.ts',
    'tests/e2e/packages.spec.ts',
    'tests/e2e/check-command.spec.ts',
    '-g',
    'first visit|a valid package|download gives back|ads-preview check',
    ...args,
  ],
  { stdio: 'inherit', env: { ...process.env, E2E_BINARY: binary } },
)
// Everything the binary wrote is in its data folder: nothing beside it, nothing in /tmp.
const besides = fs.readdirSync(folder).filter((name) => name !== 'ads-preview')
fs.rmSync(folder, { recursive: true, force: true })
if (besides.length > 0) {
  console.error(`the binary left files beside it: ${besides.join(', ')}`)
  process.exit(1)
}
process.exit(run.status ?? 1)
