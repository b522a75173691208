// `npm run test:binary` (and part of `npm test`): builds the single executable with the Node
// running this, copies it alone into an empty folder outside the repository, and runs
// 1. the end-to-end walk in Chromium against it, started in that folder with a home and a temp
//    folder of its own (sign-in on the login page, upload, preview in a new tab, download, the
//    server saying it is the binary, a rendered thumbnail) and `ads-preview check`; afterwards
//    nothing may be beside it but its data folder, and its home and temp folder must be empty;
// 2. its checks (tests/binary: the command line, start-up time, owner-only files, nothing left
//    outside DATA_DIR after SIGKILL) and the upgrade test against it.
import './require-node.mjs'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import process from 'node:process'
import { runBinSync } from './run-bin.mjs'
import { addReport } from './test-reports.mjs'

export const BINARY_REPORTS = {
  walk: '.tmp/binary-walk-report.json',
  checks: '.tmp/binary-checks-report.json',
}
const WALK = [
  'first visit',
  'a valid package',
  'the preview dialog',
  'download gives back',
  'single executable',
  'renders a thumbnail',
  'ads-preview check',
  'Open preview button opens',
  'live session carries',
]

/** The titles of the tests a Playwright JSON report ran. */
function walkTitles(file) {
  const titles = []
  const visit = (suite) => {
    for (const child of suite.suites ?? []) visit(child)
    for (const spec of suite.specs ?? []) titles.push(spec.title)
  }
  try {
    for (const suite of JSON.parse(fs.readFileSync(file, 'utf8')).suites) visit(suite)
  } catch {
    // No report: the walk failed, which its exit status says.
  }
  return titles
}

function main() {
  process.chdir(new URL('..', import.meta.url).pathname)
  for (const report of Object.values(BINARY_REPORTS)) fs.rmSync(report, { force: true })
  const build = spawnSync(process.execPath, ['scripts/build-binary.mjs'], { stdio: 'inherit' })
  if (build.status !== 0) return 1

  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-binary-'))
  const [folder, home, temp] = ['app', 'home', 'tmp'].map((name) => path.join(root, name))
  for (const dir of [folder, home, temp]) fs.mkdirSync(dir)
  const binary = path.join(folder, 'ads-preview')
  fs.copyFileSync('dist/ads-preview', binary)
  fs.chmodSync(binary, 0o755)
  const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8'))
  const problems = []
  try {
    const walk = runBinSync(
      '@playwright/test',
      [
        'test',
        'tests/e2e/auth.spec.ts',
        'tests/e2e/packages.spec.ts',
        'tests/e2e/binary.spec.ts',
        'tests/e2e/check-command.spec.ts',
        'tests/e2e/iab-compliance.spec.ts',
        '-g',
        WALK.join('|'),
        '--reporter=list,json',
      ],
      {
        bin: 'playwright',
        env: {
          ...process.env,
          E2E_BINARY: binary,
          E2E_BINARY_HOME: home,
          E2E_BINARY_TMPDIR: temp,
          E2E_DATA_DIR: path.join(folder, 'data'),
          E2E_VERSION: version,
          PLAYWRIGHT_JSON_OUTPUT_NAME: BINARY_REPORTS.walk,
        },
      },
    )
    // A test renamed elsewhere would silently leave the walk: each step must have run.
    const ran = walkTitles(BINARY_REPORTS.walk)
    for (const step of WALK)
      if (!ran.some((title) => title.includes(step))) problems.push(`the walk has no test named "${step}"`)
    const beside = fs.readdirSync(folder).filter((name) => name !== 'ads-preview' && name !== 'data')
    if (beside.length > 0) problems.push(`the binary wrote beside itself: ${beside.join(', ')}`)
    for (const [name, dir] of [
      ['home', home],
      ['temp folder', temp],
    ]) {
      const written = fs.readdirSync(dir)
      if (written.length > 0) problems.push(`the binary wrote into its ${name}: ${written.join(', ')}`)
    }
    const checks = runBinSync(
      'vitest',
      [
        'run',
        '--project',
        'processes',
        'tests/binary',
        'tests/upgrade',
        '--reporter=default',
        '--reporter=json',
        '--reporter=./scripts/vitest-outside-errors-reporter.ts',
        `--outputFile.json=${BINARY_REPORTS.checks}`,
      ],
      { env: { ...process.env, TEST_BINARY: binary } },
    )
    for (const message of problems) console.error(message)
    const counts = { passed: 0, failed: problems.length, skipped: 0 }
    addReport(counts, 'playwright', BINARY_REPORTS.walk, walk.status ?? 1)
    addReport(counts, 'vitest', BINARY_REPORTS.checks, checks.status ?? 1)
    console.log(`binary: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`)
    return walk.status === 0 && checks.status === 0 && problems.length === 0 ? 0 : 1
  } finally {
    fs.rmSync(root, { recursive: true, force: true })
  }
}

if (import.meta.main) process.exit(main())
