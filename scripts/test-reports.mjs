// Reads the JSON reports of Vitest and Playwright into one count: passed, failed, skipped.
import fs from 'node:fs'

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
