// A reviewer's password for a link, exchanged for the key the page's calls carry. Guessing is
// bounded per link and per address as comments are: each attempt takes a row before scrypt runs
// (so a burst in parallel meets the bound too), and a right password gives its row back, so only
// wrong ones count. Rows older than the hour the bound looks at are dropped on the way.
import { and, eq, lte } from 'drizzle-orm'
import { REVIEW_LIMITS, reviewUnlockInputSchema } from '../../../shared/review.ts'
import { parseInput, type Services } from '../../actions/define-action.ts'
import { verifyPassword } from '../../identity/provider/passwords.ts'
import { AppError } from '../../platform/errors.ts'
import { openLinkOfSecret, REVIEW_MESSAGES, reviewKey } from './review-access.ts'
import { HOUR_MS, requireWithinRate } from './review-rate.ts'

export const UNLOCK_FLOOD = 'Too many password attempts for now: wait a few minutes and try again.'

export async function unlockReview(
  services: Services,
  secret: string,
  address: string | undefined,
  raw: unknown,
): Promise<{ key: string }> {
  const { db } = services
  const link = await openLinkOfSecret(db, secret, services.now())
  const { password } = parseInput(reviewUnlockInputSchema, raw)
  if (link.passwordHash === null) return { key: reviewKey(link) }
  const { reviewUnlockAttempts } = db.tables
  const now = services.now()
  const attempt = await db.write(
    async (tx) => {
      await tx
        .delete(reviewUnlockAttempts)
        .where(and(eq(reviewUnlockAttempts.linkId, link.id), lte(reviewUnlockAttempts.at, now - HOUR_MS)))
      await requireWithinRate(
        tx,
        reviewUnlockAttempts,
        { linkId: link.id, address: address ?? '', now },
        {
          perLinkPerHour: REVIEW_LIMITS.unlocksPerLinkPerHour,
          perAddressPer10Min: REVIEW_LIMITS.unlocksPerAddressPer10Min,
          message: UNLOCK_FLOOD,
        },
      )
      const [row] = await tx
        .insert(reviewUnlockAttempts)
        .values({ linkId: link.id, address: address ?? '', at: now })
        .returning({ id: reviewUnlockAttempts.id })
      return row?.id ?? 0
    },
    { lock: `review-unlock:${link.id}` },
  )
  if (!(await verifyPassword(password, link.passwordHash))) {
    throw new AppError('FORBIDDEN', REVIEW_MESSAGES.wrongPassword)
  }
  await db.write((tx) => tx.delete(reviewUnlockAttempts).where(eq(reviewUnlockAttempts.id, attempt)))
  return { key: reviewKey(link) }
}
