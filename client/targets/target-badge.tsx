// A package's verdict over the deployment's targets, in the list's Status column: a link to the
// workbench's matrix, which says what fails and why.
import { Link } from 'wouter'
import type { VerdictBadge } from '../../shared/targets/types.ts'
import { VerdictIcon } from '../layout/icons.tsx'
import { auditPending, badgeText } from './verdict-words.ts'
import './targets.css'

export function TargetBadge({ uuid, badge }: { uuid: string; badge: VerdictBadge }) {
  const named = badge.verdict === 'fail' ? badge.failing : badge.warning
  const measuring = auditPending(badge.audit)
  const detail = [
    named.length > 0 ? named.join(', ') : '',
    measuring ? 'runtime audit still measuring' : '',
  ].filter(Boolean)
  return (
    <Link
      href={`/workbench/${uuid}#panel-targets`}
      className={`badge verdict-badge verdict-${badge.verdict}`}
      title={detail.join('; ') || undefined}
      data-verdict={badge.verdict}
      data-audit={badge.audit}
    >
      <VerdictIcon status={badge.verdict} size={14} />
      {badgeText(badge)}
      {measuring && <span className="measuring">…</span>}
      {detail.length > 0 && <span className="visually-hidden"> ({detail.join('; ')})</span>}
    </Link>
  )
}
