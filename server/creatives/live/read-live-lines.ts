// A session's lines after a given one, in the order the server took them.
import { and, asc, eq, gt } from 'drizzle-orm'
import type { LiveStreamLine } from '../../../shared/live/live-session.ts'
import type { Database } from '../../platform/db/database.ts'

export async function readLiveLines(
  db: Database,
  sessionId: string,
  after: number,
  limit: number,
): Promise<LiveStreamLine[]> {
  const { liveLines } = db.tables
  const rows = await db.orm
    .select({
      id: liveLines.id,
      device: liveLines.device,
      at: liveLines.at,
      kind: liveLines.kind,
      detail: liveLines.detail,
    })
    .from(liveLines)
    .where(and(eq(liveLines.sessionId, sessionId), gt(liveLines.id, after)))
    .orderBy(asc(liveLines.id))
    .limit(limit)
  return rows as LiveStreamLine[]
}
