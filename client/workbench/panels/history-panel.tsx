// The package's history from the audit trail: who uploaded, replaced and deleted it, and when.
import { useQuery } from '@tanstack/react-query'
import { toApiError } from '../../api/api-error.ts'
import { useTRPC } from '../../api/trpc.ts'
import { AuditEntry } from '../../team/audit-entry.tsx'
import type { WorkbenchPanelProps } from './panel.ts'

export function HistoryPanel({ pkg }: WorkbenchPanelProps) {
  const trpc = useTRPC()
  const history = useQuery(trpc.audit.list.queryOptions({ packageUuid: pkg.uuid }))
  if (history.error) return <p className="muted">{toApiError(history.error).message}</p>
  if (!history.data) return <p className="muted">Loading</p>
  if (history.data.events.length === 0) return <p className="muted">Nothing recorded.</p>
  return (
    <ol className="audit-list" aria-label="Package history">
      {history.data.events.map((event) => (
        <AuditEntry key={event.id} event={event} />
      ))}
    </ol>
  )
}
