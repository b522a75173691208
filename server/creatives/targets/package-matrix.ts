// A stored package's matrix: the facts its inspection recorded at validation, joined by what
// its runtime audit has measured so far (packages.audit), judged against the chosen targets.
import type { InspectionReport } from '../../../shared/inspector/types.ts'
import { evaluateTargets, verdictBadge } from '../../../shared/targets/evaluate.ts'
import type { AuditRecord, TargetMatrix, VerdictBadge } from '../../../shared/targets/types.ts'
import type { ChosenTargets } from './chosen-targets.ts'

export function auditStatus(audit: AuditRecord | null): TargetMatrix['audit'] {
  if (!audit) return { state: 'none' }
  return {
    state: audit.state,
    windowMs: audit.windowMs,
    ...(audit.message ? { message: audit.message } : {}),
  }
}

export function packageMatrix(
  inspection: InspectionReport | null,
  audit: AuditRecord | null,
  chosen: ChosenTargets,
): { matrix: TargetMatrix; badge: VerdictBadge } {
  const ended = audit?.state === 'done' || audit?.state === 'failed'
  const matrix = evaluateTargets(
    // Without an audit to come, a runtime rule is unknown rather than "measuring".
    { facts: inspection?.facts, audit: audit?.figures, auditEnded: ended || !audit },
    chosen.profiles,
    auditStatus(audit),
  )
  return { matrix, badge: verdictBadge(matrix, chosen.ids) }
}
