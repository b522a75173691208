// A reviewer's comment on a version, with no account: plain text (the page renders it as text,
// never HTML; bidi controls are removed so a comment cannot reorder what is shown beside it),
// bounded in size, and in rate per link and per address.
import { withoutBidiControls } from '../../../shared/filename.ts'
import { REVIEW_LIMITS, reviewCommentInputSchema } from '../../../shared/review.ts'
import { parseInput, type Services } from '../../actions/define-action.ts'
import { recordReviewerEvent } from './record-reviewer-event.ts'
import type { ReviewLinkRow } from './review-access.ts'
import { requireWithinRate } from './review-rate.ts'
import { reviewedVersion } from './reviewed-version.ts'

export const REVIEW_FLOOD = 'Too many comments for now: wait a few minutes and try again.'

export async function commentOnReview(
  services: Services,
  link: ReviewLinkRow,
  address: string | undefined,
  raw: unknown,
): Promise<{ id: number }> {
  const input = parseInput(reviewCommentInputSchema, raw)
  const { reviewComments } = services.db.tables
  const now = services.now()
  return services.db.write(
    async (tx) => {
      const pkg = await reviewedVersion(services, tx, link, input.versionId)
      await requireWithinRate(
        tx,
        reviewComments,
        { linkId: link.id, address: address ?? '', now },
        {
          perLinkPerHour: REVIEW_LIMITS.commentsPerLinkPerHour,
          perAddressPer10Min: REVIEW_LIMITS.commentsPerAddressPer10Min,
          message: REVIEW_FLOOD,
        },
      )
      const [row] = await tx
        .insert(reviewComments)
        .values({
          linkId: link.id,
          packageUuid: pkg.uuid,
          filename: pkg.filename,
          name: withoutBidiControls(input.name),
          email: input.email,
          text: withoutBidiControls(input.text),
          pin: input.pin ?? null,
          address: address ?? '',
          at: now,
        })
        .returning({ id: reviewComments.id })
      const reviewer = { name: withoutBidiControls(input.name), email: input.email, address }
      await recordReviewerEvent(services.db, tx, now, 'review.commented', pkg, reviewer, { link: link.id })
      return { id: row?.id ?? 0 }
    },
    { lock: `review:${link.id}` },
  )
}
