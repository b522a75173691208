// A package version's review state in the list's Status column: a link to the workbench's
// review panel, where the comments and decisions are.
import { Link } from 'wouter'
import { workbenchRoute } from '../../shared/paths.ts'
import type { ReviewState } from '../../shared/review.ts'
import { REVIEW_STATE_WORDS } from './review-words.ts'
import './reviews.css'

export function ReviewBadge({ uuid, state }: { uuid: string; state: ReviewState }) {
  return (
    <Link
      href={`${workbenchRoute(uuid)}#panel-review`}
      className={`badge review-badge review-${state}`}
      data-review={state}
    >
      {REVIEW_STATE_WORDS[state]}
    </Link>
  )
}
