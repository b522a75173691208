// Reads the JSON reports of Vitest and Playwright into one count: passed, failed, skipped.
import fs from 'node:fs'

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

/** Adds a report's counts to `counts`; a run that failed without a report counts as one failure. */
export function addReport(counts, kind, file, status) {
  const report = readJson(file)
  if (!report) {
    if (status !== 0) counts.failed += 1
    return
  }
  if (kind === 'vitest') {
    counts.passed += report.numPassedTests
    counts.failed += report.numFailedTests
    counts.skipped += report.numPendingTests + report.numTodoTests
  } else {
    counts.passed += report.stats.expected + report.stats.flaky
    counts.failed += report.stats.unexpected
    counts.skipped += report.stats.skipped
  }
}
