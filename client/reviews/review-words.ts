// How review states and decisions read to a person, in the list, the workbench and the review page.
import type { ReviewDecision, ReviewState } from '../../shared/review.ts'

export const REVIEW_STATE_WORDS: Record<ReviewState, string> = {
  awaiting: 'Awaiting review',
  'changes-requested': 'Changes requested',
  approved: 'Approved',
}

export const DECISION_WORDS: Record<ReviewDecision, string> = {
  approved: 'approved',
  'changes-requested': 'requested changes',
}
