// The workbench asks for a live session of a package: a link for phones (its secret is the
// capability: unguessable, expiring, revocable by end-live-session.ts) and the session's id, by
// which only the caller may read its stream.
import { randomUUID } from 'node:crypto'
import { eq, inArray, lt } from 'drizzle-orm'
import { uuidInputSchema } from '../../../shared/api.ts'
import { MESSAGES } from '../../../shared/constants.ts'
import { LIVE_PATHS, LIVE_SESSION_TTL_MS, type LiveSession } from '../../../shared/live/live-session.ts'
import { defineAction, requireCaller } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import { liveSecretHash, newLiveSecret } from './live-secret.ts'

/** A session's lines stay this long after it expired (then the next start removes them). */
const KEPT_AFTER_EXPIRY_MS = 24 * 60 * 60 * 1000

export const startLiveSession = defineAction(uuidInputSchema, async (ctx, input): Promise<LiveSession> => {
  const user = requireCaller(ctx)
  const { packages, liveSessions, liveLines } = ctx.db.tables
  const [pkg] = await ctx.db.orm
    .select({ uuid: packages.uuid })
    .from(packages)
    .where(eq(packages.uuid, input.uuid))
  if (!pkg) throw new AppError('NOT_FOUND', MESSAGES.packageNotFound)
  const now = ctx.now()
  const secret = newLiveSecret()
  const session = {
    id: randomUUID(),
    secretSha256: liveSecretHash(secret),
    packageUuid: pkg.uuid,
    ownerSub: user.sub,
    createdAt: now,
    expiresAt: now + LIVE_SESSION_TTL_MS,
  }
  await ctx.db.write(async (tx) => {
    // Old sessions go with their lines here: too little work for a job of its own.
    const stale = await tx
      .delete(liveSessions)
      .where(lt(liveSessions.expiresAt, now - KEPT_AFTER_EXPIRY_MS))
      .returning({ id: liveSessions.id })
    if (stale.length > 0)
      await tx.delete(liveLines).where(
        inArray(
          liveLines.sessionId,
          stale.map((s) => s.id),
        ),
      )
    await tx.insert(liveSessions).values(session)
  })
  return { id: session.id, url: ctx.config.publicUrl + LIVE_PATHS.join(secret), expiresAt: session.expiresAt }
})
