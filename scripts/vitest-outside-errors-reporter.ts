// A Vitest reporter that keeps the errors of a run outside its tests beside the JSON report,
// which leaves them out: a hook that failed or timed out (by file), and what Vitest caught
// outside any file (an unhandled rejection, a worker process that died). With every test passed
// they are why a run exits 1, and `npm test` names them above its closing lines
// (scripts/test-reports.mjs).
import fs from 'node:fs'
import type { Reporter, SerializedError, TestModule, TestRunEndReason, Vitest } from 'vitest/node'
import { outsideErrorsReportOf } from './test-reports.mjs'

function described(error: SerializedError): string {
  const cause = error.cause as SerializedError | undefined
  const own = `${error.name ?? 'Error'}: ${error.message}`
  // Vitest names a worker's death "Caused by: Error".
  const causeName = (cause?.name ?? 'Error').replace(/^Caused by: /, '')
  return cause?.message ? `${own} (caused by ${causeName}: ${cause.message})` : own
}

export default class OutsideErrorsReporter implements Reporter {
  private file: string | undefined

  onInit(vitest: Vitest): void {
    const json = vitest.config.outputFile
    const jsonFile = typeof json === 'string' ? json : json?.json
    this.file = jsonFile ? outsideErrorsReportOf(jsonFile) : undefined
    if (this.file) fs.rmSync(this.file, { force: true })
  }

  onTestRunEnd(
    modules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
    _reason: TestRunEndReason,
  ): void {
    if (!this.file) return
    const errors = [
      ...modules.flatMap((module) =>
        [module, ...module.children.allSuites()].flatMap((suite) =>
          suite.errors().map((error) => ({ file: module.moduleId, message: described(error) })),
        ),
      ),
      ...unhandledErrors.map((error) => ({ message: described(error) })),
    ]
    if (errors.length > 0) fs.writeFileSync(this.file, JSON.stringify(errors))
  }
}
