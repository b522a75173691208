// `ads-preview check` as a user runs it: `npx ads-preview check` in the clone (what npx runs:
// package.json's bin entry, with the project's Node first on PATH; not npx itself, whose nested
// npm would run on the machine's Node and repeat its config warnings), or the single executable
// when npm test runs this file against it (E2E_BINARY), from a folder outside the repository. Exit codes, the JUnit file a CI job publishes, progress lines on a terminal only.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { writeFixturePackages } from '../fixtures/check-packages.ts'
import { parseJunit } from '../helpers/check-formats.ts'
import { CORPUS_DIR } from './env.ts'

const REPO = path.resolve(import.meta.dirname, '../..')
const binary = process.env.E2E_BINARY
/** What `npx ads-preview` runs in a clone. */
const BIN_ENTRY = path.join(
  REPO,
  JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')).bin['ads-preview'],
)

let dir: string
test.beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-check-'))
  for (const fixture of writeFixturePackages(path.join(dir, 'all'), 30)) {
    if (fixture.passesTargets)
      fs.copyFileSync(fixture.file, path.join(dir, `passing-${path.basename(fixture.file)}`))
  }
})
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/** The command line, as a user types it where it runs. */
function commandLine(args: string[]): string[] {
  return binary ? [binary, 'check', ...args] : [process.execPath, BIN_ENTRY, 'check', ...args]
}

function check(args: string[]) {
  const [command, ...rest] = commandLine(args)
  const run = spawnSync(command!, rest, { cwd: binary ? dir : REPO, encoding: 'utf8' })
  return { code: run.status, stdout: run.stdout, stderr: run.stderr }
}

test('ads-preview check fails only the refused creatives of the corpus and writes JUnit (validation only)', () => {
  test.skip(!fs.existsSync(CORPUS_DIR), 'the real-world corpus (../shared) is not here')
  const junitFile = path.join(dir, 'corpus.xml')
  const { code, stdout } = check([
    CORPUS_DIR,
    '--targets',
    'none',
    '--format',
    'junit',
    '--output',
    junitFile,
  ])
  expect(code).toBe(1)
  // Refused only without MRAID or without an HTML entry (../shared/corpus/README.md).
  expect(stdout).toMatch(/13 packages: 11 passed, 2 failed, 0 unreadable/)
  const junit = parseJunit(fs.readFileSync(junitFile, 'utf8'))
  expect(junit).toMatchObject({ tests: 13, failures: 2, errors: 0 })
  // With the default delivery targets, the correct four pass; the rest fail, each naming its cause
  // (plain-http files fail IAB HTML5's SSL rule).
  expect(check([CORPUS_DIR]).stdout).toMatch(
    /13 packages: 4 passed, 9 failed, 0 unreadable .*; targets: iab-html5,/,
  )
})

test('ads-preview check exits 0 when every package passes, with no progress lines when piped', () => {
  const passing = fs.readdirSync(dir).filter((name) => name.startsWith('passing-'))
  const { code, stdout, stderr } = check(passing.map((name) => path.join(dir, name)))
  expect(code, stdout).toBe(0)
  expect(stdout.match(/^PASS /gm)).toHaveLength(passing.length)
  expect(stderr).not.toMatch(/\[\d+\/\d+\]/)
})

test('ads-preview check shows a progress line per package on a terminal', () => {
  // script(1) runs the command on a pseudo-terminal, as a person's shell would.
  const quoted = commandLine([path.join(dir, 'all')])
    .map((arg) => `'${arg.replaceAll("'", "'\\''")}'`)
    .join(' ')
  const run = spawnSync('script', ['-qec', quoted, '/dev/null'], {
    cwd: binary ? dir : REPO,
    encoding: 'utf8',
  })
  expect(run.status).toBe(1)
  const counters = [...run.stdout.matchAll(/\[(\d+)\/30\] (PASS|FAIL) \S*fixture-\d+\.zip/g)].map((m) =>
    Number(m[1]),
  )
  expect(counters.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1))
})

test('ads-preview check exits 2 on a usage error and on a path that does not exist', () => {
  expect(check(['--format', 'yaml', dir]).code).toBe(2)
  const missing = check([path.join(dir, 'missing.zip')])
  expect(missing.code).toBe(2)
  expect(missing.stderr).toMatch(/cannot read .*missing\.zip: no such file or folder/)
})
