// A package's review links, for the team: state, expiry, who reviewed, and Revoke.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toApiError } from '../api/api-error.ts'
import { useTRPC } from '../api/trpc.ts'
import { formatCreatedAt } from '../packages/format.ts'

const STATE_WORDS = { open: 'Open', expired: 'Expired', revoked: 'Revoked' } as const

export function ReviewLinksList({ filename }: { filename: string }) {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const links = useQuery(trpc.reviews.list.queryOptions({ filename }))
  const revoke = useMutation(
    trpc.reviews.revoke.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.reviews.pathKey() }),
    }),
  )
  if (links.error) return <p className="muted">{toApiError(links.error).message}</p>
  if (!links.data) return <p className="muted">Loading</p>
  if (links.data.length === 0) return <p className="muted">Not shared for review yet.</p>
  return (
    <ul className="review-links" aria-label={`Review links of ${filename}`}>
      {links.data.map((link) => (
        <li key={link.id} data-state={link.state}>
          <span className={`link-state link-${link.state}`}>{STATE_WORDS[link.state]}</span>{' '}
          {link.state === 'open' ? 'until' : 'since'}{' '}
          {formatCreatedAt(link.state === 'revoked' ? link.createdAt : link.expiresAt)}
          {link.filenames.length > 1 && <span className="muted"> · {link.filenames.length} packages</span>}
          {link.hasPassword && <span className="muted"> · password</span>}
          <br />
          <span className="muted">
            {link.reviewers.length > 0 ? `Reviewed by ${link.reviewers.join(', ')}` : 'No reviewer yet'}
            {link.createdBy && ` · shared by ${link.createdBy}`}
          </span>
          {link.state === 'open' && (
            <button
              type="button"
              className="button small"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate({ id: link.id })}
            >
              Revoke
              <span className="visually-hidden"> the review link of {formatCreatedAt(link.createdAt)}</span>
            </button>
          )}
        </li>
      ))}
      {revoke.error && <li role="alert">{toApiError(revoke.error).message}</li>}
    </ul>
  )
}
