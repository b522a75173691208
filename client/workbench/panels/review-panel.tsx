// The package's review: Share for review, its links (state, reviewers, Revoke), and what
// reviewers said of each version, newest version first marked as this one.
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'wouter'
import { compareRoute } from '../../../shared/paths.ts'
import { toApiError } from '../../api/api-error.ts'
import { useTRPC } from '../../api/trpc.ts'
import { formatCreatedAt } from '../../packages/format.ts'
import { ReviewLinksList } from '../../reviews/review-links-list.tsx'
import { DECISION_WORDS } from '../../reviews/review-words.ts'
import { ShareDialog } from '../../reviews/share-dialog.tsx'
import type { WorkbenchPanelProps } from './panel.ts'

export function ReviewPanel({ pkg }: WorkbenchPanelProps) {
  const trpc = useTRPC()
  const [sharing, setSharing] = useState(false)
  const feedback = useQuery(trpc.reviews.feedback.queryOptions({ filename: pkg.filename }))
  return (
    <div className="review-panel">
      <button type="button" className="button small" onClick={() => setSharing(true)}>
        Share for review
      </button>
      {pkg.filename_version > 1 && (
        <Link className="button small" href={compareRoute(pkg.uuid)}>
          Compare versions
        </Link>
      )}
      <ShareDialog pkg={sharing ? pkg : null} onClose={() => setSharing(false)} />
      <ReviewLinksList filename={pkg.filename} />
      {feedback.error && <p className="muted">{toApiError(feedback.error).message}</p>}
      {feedback.data && feedback.data.length > 0 && (
        <ol className="review-comments" aria-label="What reviewers said">
          {feedback.data.map((said) => (
            <li key={`${said.kind}-${said.at}-${said.name}`}>
              <strong>{said.name}</strong>{' '}
              <span className="muted">
                {formatCreatedAt(said.at)}
                {said.uuid === pkg.uuid ? ' · this version' : ' · an earlier version'}
              </span>
              <p>
                {said.kind === 'decision'
                  ? DECISION_WORDS[said.text as keyof typeof DECISION_WORDS]
                  : said.text}
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
