// Reads the JSON reports of Vitest and Playwright into one count (passed, failed, skipped) and into
// the names of what failed, so that the last lines of a long run say which tests to look at.
import fs from 'node:fs'
import path from 'node:path'
import process from 'node:process'
import { stripVTControlCharacters } from 'node:util'

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

/** Adds a report's counts to `counts`; a run that failed without a failed test counts as one failure. */
export function addReport(counts, kind, file, status) {
  const report = readJson(file)
  if (!report) {
    if (status !== 0) counts.failed += 1
    return
  }
  const failed = kind === 'vitest' ? report.numFailedTests : report.stats.unexpected
  if (kind === 'vitest') {
    counts.passed += report.numPassedTests
    counts.skipped += report.numPendingTests + report.numTodoTests
  } else {
    counts.passed += report.stats.expected + report.stats.flaky
    counts.skipped += report.stats.skipped
  }
  // A run can fail outside any test (a hook that timed out, a file that did not load): then it
  // counts as one failure, so the closing line never says 0 failed for a failed run.
  counts.failed += failed > 0 || status === 0 ? failed : 1
}

/** Where scripts/vitest-outside-errors-reporter.ts keeps the errors caught outside any test of a run. */
export function outsideErrorsReportOf(jsonReport) {
  return jsonReport.replace(/\.json$/, '-outside.json')
}

function firstLine(message) {
  const [line] = stripVTControlCharacters(String(message ?? ''))
    .trim()
    .split('\n')
  return line.length > 200 ? `${line.slice(0, 199)}…` : line
}

/** One line per failed test (or per file or run that failed outside a test): where, and why. */
export function failureLines(kind, file, label) {
  const report = readJson(file)
  const lines = []
  if (kind === 'vitest') {
    const outside = readJson(outsideErrorsReportOf(file)) ?? []
    for (const result of report?.testResults ?? []) {
      const where = path.relative(process.cwd(), result.name)
      const failed = result.assertionResults.filter((test) => test.status === 'failed')
      for (const test of failed)
        lines.push(`${label}: ${where} > ${test.fullName}: ${firstLine(test.failureMessages[0])}`)
      // A file that failed with its tests passed: a hook, whose error the JSON report leaves out.
      if (result.status === 'failed' && failed.length === 0) {
        const hooks = outside.filter((error) => error.file === result.name).map((error) => error.message)
        for (const message of hooks.length > 0 ? hooks : [result.message || 'failed outside its tests'])
          lines.push(`${label}: ${where}: ${firstLine(message)}`)
      }
    }
    for (const error of outside.filter((error) => !error.file)) {
      lines.push(`${label}: outside any test: ${firstLine(error.message)}`)
    }
  } else {
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests) {
          if (test.status !== 'unexpected') continue
          const last = test.results.at(-1)
          lines.push(
            `${label}: ${spec.file}:${spec.line} > ${spec.title}: ${firstLine(last?.errors?.[0]?.message ?? last?.status)}`,
          )
        }
      }
      for (const child of suite.suites ?? []) walk(child)
    }
    for (const suite of report?.suites ?? []) walk(suite)
    for (const error of report?.errors ?? []) lines.push(`${label}: ${firstLine(error.message)}`)
  }
  return lines
}

/** A tier's line at the end of `npm test`: its count, its time against its budget, its exit. */
export function tierLine({ tier, status, seconds, counts }) {
  const over = seconds > tier.budgetSeconds ? ' OVER BUDGET' : ''
  const exit = status === 0 ? '' : `, exit ${status}`
  return `${tier.name}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped in ${seconds.toFixed(1)} s (budget ${tier.budgetSeconds} s${over})${exit}`
}
