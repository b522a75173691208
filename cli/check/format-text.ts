// The text report: a verdict line per package, the reasons under a failure, warnings counted.
import { type CheckReport, failureLines, summaryOf } from './report.ts'

const LABEL = { pass: 'PASS ', fail: 'FAIL ', error: 'ERROR' } as const

export function formatText(report: CheckReport): string {
  const lines: string[] = []
  for (const verdict of report.verdicts) {
    const warnings = verdict.issues.filter((issue) => issue.severity === 'warning')
    const note = warnings.length > 0 ? `  (${warnings.length} warning${warnings.length > 1 ? 's' : ''})` : ''
    lines.push(`${LABEL[verdict.status]} ${verdict.file}${note}`)
    for (const line of failureLines(verdict)) lines.push(`      ${line}`)
  }
  const s = summaryOf(report)
  const targets = report.targets.length > 0 ? `; targets: ${report.targets.join(', ')}` : ''
  lines.push(
    '',
    `${s.packages} package${s.packages === 1 ? '' : 's'}: ${s.passed} passed, ${s.failed} failed, ${s.errors} unreadable in ${report.seconds.toFixed(1)} s${targets}`,
  )
  const pending = report.verdicts.reduce(
    (sum, verdict) => sum + verdict.targets.reduce((n, target) => n + target.pending, 0),
    0,
  )
  if (pending > 0)
    lines.push(
      `${pending} target rule checks need the runtime audit of a server and were not judged (--server).`,
    )
  return `${lines.join('\n')}\n`
}
