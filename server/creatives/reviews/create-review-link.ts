// "Share for review": a review link for one or more packages (a campaign set). It names them by
// file name, so each shows its newest version; it expires (REVIEW_LIMITS.defaultDays unless the
// sharer says otherwise), may carry a password, and its URL is answered once.
import { randomUUID } from 'node:crypto'
import { inArray } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/constants.ts'
import { reviewPage } from '../../../shared/paths.ts'
import { createReviewLinkInputSchema, REVIEW_LIMITS, type ReviewLink } from '../../../shared/review.ts'
import { callerName, defineAction, requireCaller } from '../../actions/define-action.ts'
import { recordPackageEvent } from '../../identity/audit-trail/record-package-event.ts'
import { hashPassword } from '../../identity/provider/passwords.ts'
import { AppError } from '../../platform/errors.ts'
import { liveSecretHash, newLiveSecret } from '../live/live-secret.ts'
import { newestVersions } from './newest-versions.ts'
import { toReviewLink } from './review-link-view.ts'
import { insertShown } from './shown-versions.ts'

const DAY_MS = 24 * 60 * 60 * 1000

export const createReviewLink = defineAction(
  createReviewLinkInputSchema,
  async (ctx, input): Promise<ReviewLink> => {
    const user = requireCaller(ctx)
    const { packages, reviewLinks } = ctx.db.tables
    const uuids = [...new Set(input.uuids)]
    const found = await ctx.db.orm.select().from(packages).where(inArray(packages.uuid, uuids))
    if (found.length !== uuids.length) throw new AppError('NOT_FOUND', MESSAGES.packageNotFound)
    const now = ctx.now()
    const secret = newLiveSecret()
    const row = {
      id: randomUUID(),
      secretSha256: liveSecretHash(secret),
      // In the order the sharer chose them.
      filenames: [...new Set(uuids.map((uuid) => found.find((p) => p.uuid === uuid)?.filename as string))],
      passwordHash: input.password === undefined ? null : await hashPassword(input.password),
      showChecks: input.showChecks ? 1 : 0,
      devices: input.devices ?? [],
      sizes: [...new Set(input.sizes ?? [])],
      createdBySub: user.sub,
      createdBy: callerName(user),
      createdAt: now,
      expiresAt: now + (input.expiresInDays ?? REVIEW_LIMITS.defaultDays) * DAY_MS,
      revokedAt: null,
    }
    const shown = await newestVersions(ctx.db, ctx.db.orm, row.filenames)
    await ctx.db.write(async (tx) => {
      await tx.insert(reviewLinks).values(row)
      await insertShown(ctx.db, tx, row, shown, now)
      for (const pkg of found) {
        await recordPackageEvent(ctx, tx, 'review.shared', pkg, {
          link: row.id,
          expiresAt: new Date(row.expiresAt).toISOString(),
          password: row.passwordHash !== null,
        })
      }
    })
    return { ...toReviewLink(row, now, []), url: ctx.config.publicUrl + reviewPage(secret) }
  },
)
