// One entry of the audit trail: when, who did what to what, and from which address; beside a
// Replace, an administrator's way to undo it while the replaced version is kept.
import './team.css'
import type { AuditEvent } from '../../shared/team.ts'
import { auditWords } from './audit-words.ts'
import { UndoReplaceButton } from './undo-replace-button.tsx'

export function AuditEntry({ event }: { event: AuditEvent }) {
  const words = auditWords(event)
  return (
    <li className="audit-entry">
      <time dateTime={event.at} className="muted small">
        {words.when}
      </time>
      <span>
        <strong>{words.who}</strong> {words.what} <span className="subject">{words.whom}</span>
      </span>
      {event.address && <span className="muted small">from {event.address}</span>}
      {event.action === 'package.replaced' && <UndoReplaceButton event={event} />}
    </li>
  )
}
