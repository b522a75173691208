// The JSON report: the whole verdict of every package, for scripts. Its shape is
// checkReportSchema (report-schema.ts), which the tests hold every output to.
import { type CheckReport, summaryOf } from './report.ts'

export function formatJson(report: CheckReport): string {
  return `${JSON.stringify(
    {
      tool: 'ads-preview check',
      version: report.version,
      targets: report.targets,
      summary: summaryOf(report),
      seconds: report.seconds,
      packages: report.verdicts,
    },
    null,
    2,
  )}\n`
}
