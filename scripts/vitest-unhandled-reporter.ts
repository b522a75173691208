// A Vitest reporter that keeps the errors Vitest caught outside any test (an unhandled rejection,
// a worker process that died, a worker that stopped answering) beside the JSON report, which
// leaves them out: with every test passed they are why a run exits 1, and `npm test` names them
// above its closing lines (scripts/test-reports.mjs).
import fs from 'node:fs'
import type { Reporter, SerializedError, TestRunEndReason, Vitest } from 'vitest/node'
import { unhandledReportOf } from './test-reports.mjs'

function described(error: SerializedError): string {
  const cause = error.cause as SerializedError | undefined
  const own = `${error.name ?? 'Error'}: ${error.message}`
  // Vitest names a worker's death "Caused by: Error".
  const causeName = (cause?.name ?? 'Error').replace(/^Caused by: /, '')
  return cause?.message ? `${own} (caused by ${causeName}: ${cause.message})` : own
}

export default class UnhandledErrorsReporter implements Reporter {
  private file: string | undefined

  onInit(vitest: Vitest): void {
    const json = vitest.config.outputFile
    const jsonFile = typeof json === 'string' ? json : json?.json
    this.file = jsonFile ? unhandledReportOf(jsonFile) : undefined
    if (this.file) fs.rmSync(this.file, { force: true })
  }

  onTestRunEnd(
    _modules: unknown,
    unhandledErrors: ReadonlyArray<SerializedError>,
    _reason: TestRunEndReason,
  ): void {
    if (!this.file || unhandledErrors.length === 0) return
    fs.writeFileSync(
      this.file,
      JSON.stringify(unhandledErrors.map((error) => ({ message: described(error) }))),
    )
  }
}
