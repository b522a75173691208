// The whole audit trail, for an admin (SECURITY.md): newest first, older entries on demand.
import './team.css'
import { useInfiniteQuery } from '@tanstack/react-query'
import { toApiError } from '../api/api-error.ts'
import { useTRPC } from '../api/trpc.ts'
import { AuditEntry } from './audit-entry.tsx'

export function AuditLogPage() {
  const trpc = useTRPC()
  const log = useInfiniteQuery(
    trpc.audit.list.infiniteQueryOptions({}, { getNextPageParam: (page) => page.next ?? undefined }),
  )
  const events = log.data?.pages.flatMap((page) => page.events) ?? []
  return (
    <div className="team-screen">
      <h1>Audit log</h1>
      {log.error && (
        <div className="banner error" role="alert">
          <strong>{toApiError(log.error).message}</strong>
        </div>
      )}
      {log.isPending && (
        <p className="loading" role="status">
          Loading
        </p>
      )}
      {log.isSuccess && events.length === 0 && <p className="muted">Nothing recorded yet.</p>}
      <ol className="audit-list" aria-label="Audit log">
        {events.map((event) => (
          <AuditEntry key={event.id} event={event} />
        ))}
      </ol>
      {log.hasNextPage && (
        <button
          type="button"
          className="button"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          Older entries
        </button>
      )}
    </div>
  )
}
