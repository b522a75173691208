// `npm test`: every test, tier by tier (README "Test it"), then one line per tier (tests passed,
// time, budget) and one closing line counting them all: "tests: N passed, N failed, N skipped".
// `npm test -- unit integration` runs only the tiers named.
import './require-node.mjs'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import process from 'node:process'
import { runBinSync } from './run-bin.mjs'
import { BINARY_REPORTS } from './test-binary.mjs'
import { addReport, failureLines, outsideErrorsReportOf, tierLine } from './test-reports.mjs'
import { TIERS } from './test-tiers.mjs'

process.chdir(new URL('..', import.meta.url).pathname)
fs.mkdirSync('.tmp', { recursive: true })

const asked = process.argv.slice(2)
const unknown = asked.filter((name) => !TIERS.some((tier) => tier.name === name))
if (unknown.length > 0) {
  console.error(`Unknown tier ${unknown.join(', ')}: the tiers are ${TIERS.map((t) => t.name).join(', ')}.`)
  process.exit(2)
}
const tiers = asked.length > 0 ? TIERS.filter((tier) => asked.includes(tier.name)) : TIERS

const POSTGRES_STATUS = '.tmp/postgres-status.json'
fs.rmSync(POSTGRES_STATUS, { force: true })

/** Runs a Vitest project with its JSON report (and the errors Vitest caught outside any test). */
function vitestTier(project) {
  const report = `.tmp/vitest-${project}-report.json`
  for (const file of [report, outsideErrorsReportOf(report)]) fs.rmSync(file, { force: true })
  const run = runBinSync('vitest', [
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    '--reporter=./scripts/vitest-outside-errors-reporter.ts',
    `--outputFile.json=${report}`,
  ])
  return { status: run.status ?? 1, reports: [['vitest', report, project]] }
}

function e2eTier() {
  const report = '.tmp/playwright-report.json'
  fs.rmSync(report, { force: true })
  const run = runBinSync('@playwright/test', ['test', '--reporter=list,json'], {
    bin: 'playwright',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: report },
  })
  return { status: run.status ?? 1, reports: [['playwright', report, 'e2e']] }
}

// The single executable, built with this Node, alone in an empty folder: its walk and its checks.
function binaryTier() {
  const run = spawnSync(process.execPath, ['scripts/test-binary.mjs'], { stdio: 'inherit' })
  return {
    status: run.status ?? 1,
    reports: [
      ['playwright', BINARY_REPORTS.walk, 'binary walk'],
      ['vitest', BINARY_REPORTS.checks, 'binary checks'],
    ],
  }
}

const RUNNERS = { vitest: vitestTier, e2e: e2eTier, binary: binaryTier }

const results = []
for (const tier of tiers) {
  console.log(`\n== ${tier.name} tier: ${tier.what} (budget ${tier.budgetSeconds} s) ==\n`)
  const started = Date.now()
  const run = RUNNERS[tier.runner](tier.name)
  const seconds = (Date.now() - started) / 1000
  const counts = { passed: 0, failed: 0, skipped: 0 }
  for (const [kind, file] of run.reports) addReport(counts, kind, file, run.status)
  results.push({ tier, run, seconds, counts })
}

// What failed, by name, just above the closing lines: a CI log shown only by its tail still says
// it. A tier that failed with nothing named in its reports (a crash; the binary's own checks of
// what it wrote, printed above) says so.
const failures = results.flatMap(({ tier, run }) => {
  const lines = run.reports.flatMap(([kind, file, label]) => failureLines(kind, file, label))
  if (run.status !== 0 && lines.length === 0)
    lines.push(`${tier.name}: exit ${run.status} with nothing failed in its report: see its output above`)
  return lines
})
if (failures.length > 0) console.log(`\nFailed:\n${failures.map((line) => `  ${line}`).join('\n')}`)

console.log(`\nNode ${process.version}:`)
for (const { tier, run, seconds, counts } of results)
  console.log(`  ${tierLine({ tier, status: run.status, seconds, counts })}`)
const left = TIERS.filter((tier) => !tiers.includes(tier))
if (left.length > 0) console.log(`  not run here: ${left.map((tier) => tier.name).join(', ')}`)
// The PostgreSQL tier's run: said loudly when it could not happen (its tests count as skipped).
if (tiers.some((tier) => tier.name === 'postgres')) {
  const postgres = (() => {
    try {
      return JSON.parse(fs.readFileSync(POSTGRES_STATUS, 'utf8'))
    } catch {
      return undefined
    }
  })()
  if (!postgres?.tested)
    console.log(
      `PostgreSQL: NOT TESTED (${postgres?.reason ?? 'the postgres tier did not run'}); its tests are counted as skipped`,
    )
}
const total = { passed: 0, failed: 0, skipped: 0 }
for (const { counts } of results) for (const key of Object.keys(total)) total[key] += counts[key]
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`)
const ok = results.every(({ run }) => run.status === 0) && total.failed === 0 && total.passed > 0
process.exit(ok ? 0 : 1)
