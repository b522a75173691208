// An administrator's way back from a Replace, beside its audit entry while the replaced version
// is kept (REPLACE_UNDO_DAYS): the older version takes the package's place again.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { AuditEvent } from '../../shared/team.ts'
import { toApiError } from '../api/api-error.ts'
import { useTRPC } from '../api/trpc.ts'

export function UndoReplaceButton({ event }: { event: AuditEvent }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const account = useQuery(trpc.account.get.queryOptions())
  const undo = useMutation(
    trpc.packages.undoReplace.mutationOptions({ onSettled: () => queryClient.invalidateQueries() }),
  )
  const { replacedUuid, undoUntil } = event.details ?? {}
  const open =
    typeof replacedUuid === 'string' && typeof undoUntil === 'string' && Date.parse(undoUntil) > Date.now()
  if (account.data?.role !== 'admin' || !open) return null
  return (
    <span className="undo-replace">
      <button
        type="button"
        className="button small"
        disabled={undo.isPending}
        onClick={() => undo.mutate({ uuid: replacedUuid })}
      >
        Undo this replace
      </button>
      {undo.error && (
        <span className="small" role="alert">
          {toApiError(undo.error).message}
        </span>
      )}
    </span>
  )
}
