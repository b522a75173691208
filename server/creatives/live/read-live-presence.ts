// The phones that are there in a session, on the server's clock: heard from (a line, or the
// host's heartbeat) within LIVE_PRESENCE.goneAfterMs, and not said to have left. A phone that
// reloads comes back under a new device id, so one that left stays gone.
import { and, eq, gte, inArray } from 'drizzle-orm'
import { LIVE_PRESENCE } from '../../../shared/live/live-session.ts'
import type { Database } from '../../platform/db/database.ts'

export async function readLivePresence(db: Database, sessionId: string, now: number): Promise<string[]> {
  const { liveLines } = db.tables
  const heard = await db.orm
    .selectDistinct({ device: liveLines.device })
    .from(liveLines)
    .where(and(eq(liveLines.sessionId, sessionId), gte(liveLines.at, now - LIVE_PRESENCE.goneAfterMs)))
  if (heard.length === 0) return []
  const devices = heard.map((row) => row.device)
  const left = await db.orm
    .selectDistinct({ device: liveLines.device })
    .from(liveLines)
    .where(
      and(
        eq(liveLines.sessionId, sessionId),
        inArray(liveLines.device, devices),
        eq(liveLines.kind, 'device'),
        eq(db.jsonText(liveLines.detail, 'presence'), 'left'),
      ),
    )
  const gone = new Set(left.map((row) => row.device))
  return devices.filter((device) => !gone.has(device)).sort()
}
