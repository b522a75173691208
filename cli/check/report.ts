// A finished run, as every output format receives it.
import type { PackageVerdict } from './verdict.ts'

export interface CheckReport {
  version: string
  /** The delivery targets the packages were checked against (ids). */
  targets: string[]
  verdicts: PackageVerdict[]
  seconds: number
  /** The working folder the packages' names are relative to. */
  cwd: string
}

export function summaryOf(report: CheckReport) {
  const count = (status: PackageVerdict['status']) =>
    report.verdicts.filter((v) => v.status === status).length
  return {
    packages: report.verdicts.length,
    passed: count('pass'),
    failed: count('fail'),
    errors: count('error'),
  }
}

/** One line per reason a package did not pass: the validation's errors, then each failed target. */
export function failureLines(verdict: PackageVerdict): string[] {
  if (verdict.error) return [verdict.error]
  const lines = verdict.issues
    .filter((issue) => issue.severity === 'error')
    .map((issue) => `${issue.rule}: ${issue.message}`)
  for (const target of verdict.targets) {
    if (target.ok) continue
    for (const issue of target.issues.filter((i) => i.severity === 'error'))
      lines.push(`[${target.id}] ${issue.message}`)
  }
  return lines
}
