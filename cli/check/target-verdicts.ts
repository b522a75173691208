// The delivery-target rules (shared/targets, the targets stream's engine) applied to one
// inspection, as check reports them: a verdict per chosen target, its failing and warning rules
// as issues. Offline there is no runtime audit: those rules stay pending, never failing.
import type { InspectionReport } from '../../shared/inspector/types.ts'
import { evaluateTargets } from '../../shared/targets/evaluate.ts'
import type { TargetProfile } from '../../shared/targets/types.ts'
import type { TargetVerdict } from './verdict.ts'

export function targetVerdicts(
  report: InspectionReport,
  profiles: readonly TargetProfile[],
  audit?: Parameters<typeof evaluateTargets>[0]['audit'],
): TargetVerdict[] {
  const matrix = evaluateTargets({ facts: report.facts, audit }, profiles)
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
