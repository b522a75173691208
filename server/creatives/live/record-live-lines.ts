// A phone's host posts what the ad did there. The post's author is a creative, so everything is
// bounded (shared/live/live-session.ts LIVE_LIMITS): lines per post, bytes per line, lines and
// phones per session. Times move to the server's clock: the phone's clock is trusted only for the distance
// between a line and its post's sentAt, and no line is placed before the session or in the future.
import { and, countDistinct, eq, lte, sql } from 'drizzle-orm'
import { LIVE_LIMITS, type LivePost, livePostSchema } from '../../../shared/live/live-session.ts'
import { parseInput, type Services } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import { openSessionOfSecret } from './find-live-session.ts'

/** A detail as stored: as sent, or its JSON cut to LIVE_LIMITS.bytesPerLine as `{ cut }`. */
function boundedDetail(detail: unknown): unknown {
  const json = JSON.stringify(detail) ?? 'null'
  return json.length <= LIVE_LIMITS.bytesPerLine ? detail : { cut: json.slice(0, LIVE_LIMITS.bytesPerLine) }
}

export async function recordLiveLines(services: Services, secret: string, body: unknown): Promise<number> {
  const post: LivePost = parseInput(livePostSchema, body)
  const receivedAt = services.now()
  const { db } = services
  const session = await openSessionOfSecret(db, secret, receivedAt)
  if (post.lines.length === 0) return 0
  const { liveSessions, liveLines } = db.tables
  const rows = post.lines.map((line) => ({
    sessionId: session.id,
    device: post.device,
    at: Math.round(Math.min(receivedAt, Math.max(session.createdAt, receivedAt - (post.sentAt - line.at)))),
    kind: line.kind,
    detail: boundedDetail(line.detail),
  }))
  // Under the session's lock: two posts of new phones cannot both see room for one more.
  const taken = await db.write(
    async (tx) => {
      const counted = await tx
        .update(liveSessions)
        .set({ lineCount: sql`${liveSessions.lineCount} + ${rows.length}` })
        .where(
          and(
            eq(liveSessions.id, session.id),
            lte(liveSessions.lineCount, LIVE_LIMITS.linesPerSession - rows.length),
          ),
        )
        .returning({ id: liveSessions.id })
      if (counted.length === 0) return false
      const ofSession = eq(liveLines.sessionId, session.id)
      const [known] = await tx
        .select({ id: liveLines.id })
        .from(liveLines)
        .where(and(ofSession, eq(liveLines.device, post.device)))
        .limit(1)
      if (!known) {
        const [phones] = await tx
          .select({ n: countDistinct(liveLines.device) })
          .from(liveLines)
          .where(ofSession)
        if ((phones?.n ?? 0) >= LIVE_LIMITS.devicesPerSession)
          throw new AppError(
            'TOO_MANY_REQUESTS',
            `This live session has its ${LIVE_LIMITS.devicesPerSession} phones: start a new one for more.`,
          )
      }
      await tx.insert(liveLines).values(rows)
      return true
    },
    { lock: `live:${session.id}` },
  )
  if (!taken)
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `This live session has its ${LIVE_LIMITS.linesPerSession} lines: start a new one.`,
    )
  services.liveBus.wake(session.id)
  return rows.length
}
