// The words a verdict and a matrix cell read as, everywhere the targets show.
import type { AuditState, CellStatus, TargetVerdict, VerdictBadge } from '../../shared/targets/types.ts'

export const VERDICT_WORDS: Record<TargetVerdict, string> = {
  pass: 'Passes',
  warn: 'Warnings',
  fail: 'Fails',
  unknown: 'Not judged',
  'not-for-kind': 'Not for this kind',
}

/** The icon a verdict shows: a target that does not judge this kind looks like one not judged. */
export function verdictIcon(verdict: TargetVerdict): CellStatus {
  return verdict === 'not-for-kind' ? 'unknown' : verdict
}

export const STATUS_WORDS: Record<CellStatus, string> = {
  fail: 'Fails',
  warn: 'Warning',
  pass: 'Passes',
  unknown: 'Not judged',
  pending: 'Measuring',
}

export const AUDIT_WORDS: Record<AuditState, string> = {
  none: 'No runtime audit',
  queued: 'Runtime audit queued',
  running: 'Runtime audit running',
  done: 'Runtime audit done',
  failed: 'Runtime audit failed',
}

/** "Fails 4 of 8 targets", "Warnings on 1 of 8 targets", "Passes 8 targets" (over the targets that judge its kind). */
export function badgeText(badge: VerdictBadge): string {
  // Every chosen target serves other kinds: nothing judged it, which is not a pass either.
  if (badge.targets === 0) return 'No target for this kind'
  const of = `of ${badge.targets} target${badge.targets === 1 ? '' : 's'}`
  if (badge.verdict === 'fail') return `Fails ${badge.failing.length} ${of}`
  if (badge.verdict === 'warn') return `Warnings on ${badge.warning.length} ${of}`
  return `Passes ${badge.targets} target${badge.targets === 1 ? '' : 's'}`
}

export function auditPending(state: AuditState): boolean {
  return state === 'queued' || state === 'running'
}
