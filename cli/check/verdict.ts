// What `ads-preview check` says about one package, whichever way it was checked (offline in a
// checking process, or by a server), and the exit code a run ends with.
import type { InspectionIssue } from '../../shared/inspector/types.ts'
import type { CheckStatus, PackageVerdict, TargetVerdict } from './report-schema.ts'

export type { CheckStatus, PackageVerdict, TargetVerdict }

export const EXIT = { pass: 0, fail: 1, usage: 2 } as const

/** 2 when a package could not be read, else 1 when one fails, else 0. */
export function exitCodeOf(verdicts: PackageVerdict[]): number {
  if (verdicts.some((v) => v.status === 'error')) return EXIT.usage
  if (verdicts.some((v) => v.status === 'fail')) return EXIT.fail
  return EXIT.pass
}

export function statusOf(issues: InspectionIssue[], targets: TargetVerdict[]): CheckStatus {
  const invalid = issues.some((issue) => issue.severity === 'error')
  return invalid || targets.some((target) => !target.ok) ? 'fail' : 'pass'
}

export function errorVerdict(file: string, error: string, ms = 0): PackageVerdict {
  return { file, status: 'error', issues: [], targets: [], entry: null, adSize: null, size: 0, error, ms }
}
