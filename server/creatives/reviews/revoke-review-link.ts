// Revoking a review link ends it at once: its page, its calls and the ads under its path answer
// 410 from the next request. The sharer or an admin may revoke it.
import { eq, inArray } from 'drizzle-orm'
import { z } from 'zod/mini'
import { defineAction, requireCaller } from '../../actions/define-action.ts'
import { recordPackageEvent } from '../../identity/audit-trail/record-package-event.ts'
import { AppError } from '../../platform/errors.ts'
import { linkFilenames, REVIEW_MESSAGES } from './review-access.ts'

export const revokeReviewLink = defineAction(
  z.object({ id: z.string() }),
  async (ctx, input): Promise<{ id: string }> => {
    const user = requireCaller(ctx)
    const { reviewLinks, packages } = ctx.db.tables
    await ctx.db.write(async (tx) => {
      const [link] = await tx.select().from(reviewLinks).where(eq(reviewLinks.id, input.id))
      if (!link) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.notFound)
      if (link.createdBySub !== user.sub && user.role !== 'admin') {
        throw new AppError(
          'FORBIDDEN',
          'Only the person who shared this link, or an administrator, may revoke it.',
        )
      }
      if (link.revokedAt !== null) return
      await tx.update(reviewLinks).set({ revokedAt: ctx.now() }).where(eq(reviewLinks.id, link.id))
      const shared = await tx
        .select()
        .from(packages)
        .where(inArray(packages.filename, linkFilenames(link)))
      for (const pkg of shared) await recordPackageEvent(ctx, tx, 'review.revoked', pkg, { link: link.id })
    })
    return { id: input.id }
  },
)
