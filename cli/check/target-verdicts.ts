// The delivery targets' matrix (shared/targets) as check reports it: a verdict per chosen target,
// its failing and warning rules as issues. Offline there is no runtime audit: those rules stay
// pending, never failing.
import type { TargetMatrix } from '../../shared/targets/types.ts'
import type { TargetVerdict } from './verdict.ts'

export function targetVerdicts(matrix: TargetMatrix): TargetVerdict[] {
  return matrix.targets.map((target) => {
    const cells = matrix.cells.filter(
      (cell) => cell.target === target.target && (cell.status === 'fail' || cell.status === 'warn'),
    )
    return {
      id: target.target,
      name: target.name,
      ok: target.verdict !== 'fail',
      verdict: target.verdict,
      pending: target.pending,
      issues: cells.map((cell) => ({
        rule: cell.rule,
        severity: cell.status === 'fail' ? ('error' as const) : ('warning' as const),
        message: `${cell.label}: ${cell.figure || 'not measured'} (${cell.limit})${cell.advice ? `. ${cell.advice}` : ''}`,
      })),
    }
  })
}
