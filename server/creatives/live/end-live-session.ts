// The owner ends a live session: its link stops working at once (on every app process: the
// phone's next post reads the row), and its streams say so and close.
import { eq } from 'drizzle-orm'
import { liveSessionIdSchema } from '../../../shared/live/live-session.ts'
import { defineAction, requireCaller } from '../../actions/define-action.ts'
import { ownSession } from './find-live-session.ts'

export const endLiveSession = defineAction(liveSessionIdSchema, async (ctx, input) => {
  const session = await ownSession(ctx.db, requireCaller(ctx), input.id)
  const { liveSessions } = ctx.db.tables
  if (session.endedAt === null)
    await ctx.db.write((tx) =>
      tx.update(liveSessions).set({ endedAt: ctx.now() }).where(eq(liveSessions.id, session.id)),
    )
  ctx.liveBus.wake(session.id)
  return { id: session.id }
})
