// A stored package's matrix: the facts its inspection recorded at validation, joined by what
// its runtime audit has measured so far (packages.audit), judged against the chosen targets as
// the kind a user set (packages.kind), else the inferred one.
import { isCreativeKind } from '../../../shared/inspector/creative-kind.ts'
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
  kind: string | null = null,
): { matrix: TargetMatrix; badge: VerdictBadge } {
  const ended = audit?.state === 'done' || audit?.state === 'failed'
  const matrix = evaluateTargets(
    {
      facts: inspection?.facts,
      audit: audit?.figures,
      // Without an audit to come, a runtime rule is unknown rather than "measuring".
      auditEnded: ended || !audit,
      ...(isCreativeKind(kind) ? { kind } : {}),
    },
    chosen.profiles,
    auditStatus(audit),
  )
  return { matrix, badge: verdictBadge(matrix, chosen.ids) }
}
