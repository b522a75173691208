// `npm test`: every test, unit and integration (Vitest), end-to-end (Playwright against the real
// server in Chromium) and the single executable's (scripts/test-binary.mjs), and one closing line
// counting them all: "tests: N passed, N failed, N skipped", after the Node it ran on.
import './require-node.mjs'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import process from 'node:process'
import { runBinSync } from './run-bin.mjs'
import { BINARY_REPORTS } from './test-binary.mjs'
import { addReport, failureLines, outsideErrorsReportOf } from './test-reports.mjs'

process.chdir(new URL('..', import.meta.url).pathname)
fs.mkdirSync('.tmp', { recursive: true })
const VITEST_REPORT = '.tmp/vitest-report.json'
const PLAYWRIGHT_REPORT = '.tmp/playwright-report.json'
for (const file of [VITEST_REPORT, outsideErrorsReportOf(VITEST_REPORT), PLAYWRIGHT_REPORT])
  fs.rmSync(file, { force: true })

function timed(run) {
  const started = Date.now()
  const result = run()
  return { status: result.status ?? 1, seconds: ((Date.now() - started) / 1000).toFixed(1) }
}

const POSTGRES_STATUS = '.tmp/postgres-status.json'
fs.rmSync(POSTGRES_STATUS, { force: true })
// TEST_SQLITE_ONLY=1 leaves out the postgres project: .ci/run sets it for its second Node, whose
// run would repeat the same SQL against the same server (nothing there depends on Node's version).
const sqliteOnly = process.env.TEST_SQLITE_ONLY === '1'
const unit = timed(() =>
  runBinSync('vitest', [
    'run',
    ...(sqliteOnly ? ['--project', 'sqlite'] : []),
    '--reporter=default',
    '--reporter=json',
    '--reporter=./scripts/vitest-outside-errors-reporter.ts',
    `--outputFile.json=${VITEST_REPORT}`,
  ]),
)
const e2e = timed(() =>
  runBinSync('@playwright/test', ['test', '--reporter=list,json'], {
    bin: 'playwright',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_REPORT },
  }),
)
// The single executable, built with this Node, alone in an empty folder: its walk and its checks.
const binary = timed(() => spawnSync(process.execPath, ['scripts/test-binary.mjs'], { stdio: 'inherit' }))

const counts = { passed: 0, failed: 0, skipped: 0 }
addReport(counts, 'vitest', VITEST_REPORT, unit.status)
addReport(counts, 'playwright', PLAYWRIGHT_REPORT, e2e.status)
addReport(counts, 'playwright', BINARY_REPORTS.walk, binary.status)
addReport(counts, 'vitest', BINARY_REPORTS.checks, binary.status)

// What failed, by name, just above the closing lines: a CI log shown only by its tail still says it.
// A run that failed with nothing named in its reports (a crash; the binary's own checks of what
// it wrote, printed just above) says so.
function failuresOf(run, name, reports) {
  const lines = reports.flatMap(([kind, file, label]) => failureLines(kind, file, label))
  if (run.status !== 0 && lines.length === 0) {
    lines.push(`${name}: exit ${run.status} with nothing failed in its report: see its output above`)
  }
  return lines
}
const failures = [
  ...failuresOf(unit, 'unit', [['vitest', VITEST_REPORT, 'unit']]),
  ...failuresOf(e2e, 'e2e', [['playwright', PLAYWRIGHT_REPORT, 'e2e']]),
  ...failuresOf(binary, 'binary', [
    ['playwright', BINARY_REPORTS.walk, 'binary walk'],
    ['vitest', BINARY_REPORTS.checks, 'binary checks'],
  ]),
]
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join('\n')}`)
console.log(
  `\nNode ${process.version}; unit: exit ${unit.status} in ${unit.seconds}s; e2e: exit ${e2e.status} in ${e2e.seconds}s; binary: exit ${binary.status} in ${binary.seconds}s`,
)
// The database tests' PostgreSQL run: said loudly when it could not happen (its tests count as skipped).
const postgres = (() => {
  try {
    return JSON.parse(fs.readFileSync(POSTGRES_STATUS, 'utf8'))
  } catch {
    return undefined
  }
})()
console.log(
  sqliteOnly
    ? 'PostgreSQL: not run on this Node (TEST_SQLITE_ONLY=1): the database tests ran on SQLite only'
    : postgres?.tested
      ? 'PostgreSQL: the database tests ran on SQLite and on PostgreSQL'
      : `PostgreSQL: NOT TESTED (${postgres?.reason ?? 'the postgres project did not run'}); its tests are counted as skipped`,
)
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`)
const ok =
  unit.status === 0 && e2e.status === 0 && binary.status === 0 && counts.failed === 0 && counts.passed > 0
process.exit(ok ? 0 : 1)
