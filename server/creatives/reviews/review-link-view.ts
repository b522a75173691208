// A review link as the team sees it (never its secret or its password hash).
import type { ReviewLink } from '../../../shared/review.ts'
import { linkFilenames, type ReviewLinkRow, reviewState } from './review-access.ts'

export function toReviewLink(link: ReviewLinkRow, now: number, reviewers: string[]): ReviewLink {
  return {
    id: link.id,
    filenames: linkFilenames(link),
    createdBy: link.createdBy,
    createdAt: new Date(link.createdAt).toISOString(),
    expiresAt: new Date(link.expiresAt).toISOString(),
    state: reviewState(link, now),
    hasPassword: link.passwordHash !== null,
    showChecks: link.showChecks === 1,
    devices: link.devices as string[],
    sizes: link.sizes as string[],
    reviewers,
  }
}
