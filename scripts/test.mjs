// `npm test`: every test, unit (Vitest), end-to-end (Playwright against the real server in
// Chromium) and the single executable's end-to-end path, and one closing line counting them
// all: "tests: N passed, N failed, N skipped".
import './require-node.mjs'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import process from 'node:process'

process.chdir(new URL('..', import.meta.url).pathname)
fs.mkdirSync('.tmp', { recursive: true })
const VITEST_REPORT = '.tmp/vitest-report.json'
const PLAYWRIGHT_REPORT = '.tmp/playwright-report.json'
for (const file of [VITEST_REPORT, PLAYWRIGHT_REPORT]) fs.rmSync(file, { force: true })

function run(command, args, env = {}) {
  const started = Date.now()
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  return { status: result.status ?? 1, seconds: ((Date.now() - started) / 1000).toFixed(1) }
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

const unit = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${VITEST_REPORT}`,
])
const e2e = run('npx', ['playwright', 'test', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: PLAYWRIGHT_REPORT,
})
// The single executable, built and run from an empty folder, through the sign-in and upload path.
const BINARY_REPORT = '.tmp/binary-report.json'
fs.rmSync(BINARY_REPORT, { force: true })
const binary = run('node', ['scripts/test-binary.mjs', '--reporter=list,json'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: BINARY_REPORT,
})

const vitest = readJson(VITEST_REPORT)
const counts = { passed: 0, failed: 0, skipped: 0 }
if (vitest) {
  counts.passed += vitest.numPassedTests
  counts.failed += vitest.numFailedTests
  counts.skipped += vitest.numPendingTests + vitest.numTodoTests
} else if (unit.status !== 0) counts.failed += 1
for (const [report, result] of [
  [readJson(PLAYWRIGHT_REPORT), e2e],
  [readJson(BINARY_REPORT), binary],
]) {
  if (report) {
    counts.passed += report.stats.expected + report.stats.flaky
    counts.failed += report.stats.unexpected
    counts.skipped += report.stats.skipped
  } else if (result.status !== 0) counts.failed += 1
}

console.log(
  `\nNode ${process.version}; unit: exit ${unit.status} in ${unit.seconds}s; e2e: exit ${e2e.status} in ${e2e.seconds}s; binary: exit ${binary.status} in ${binary.seconds}s`,
)
console.log(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`)
const ok =
  unit.status === 0 && e2e.status === 0 && binary.status === 0 && counts.failed === 0 && counts.passed > 0
process.exit(ok ? 0 : 1)
