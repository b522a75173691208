// Live sessions (server/creatives/live/): the workbench's link for phones and what the phones sent.
import type { TableKit } from '../sqlite/kit.ts'

export function liveTables(k: TableKit) {
  /**
   * A live session: the workbench's link for phones. Only the sha256 of the link's secret is
   * kept; `endedAt` is set when its owner ends it.
   */
  const liveSessions = k.table(
    'live_sessions',
    {
      id: k.text('id').primaryKey(),
      secretSha256: k.text('secret_sha256').notNull().unique(),
      packageUuid: k.text('package_uuid').notNull(),
      ownerSub: k.text('owner_sub').notNull(),
      createdAt: k.long('created_at').notNull(),
      expiresAt: k.long('expires_at').notNull(),
      endedAt: k.long('ended_at'),
      lineCount: k.int('line_count').notNull().default(0),
    },
    (t) => [k.index('live_sessions_expires_at_idx').on(t.expiresAt)],
  )

  /** What the phones of a live session sent, in the order the server took it (`id`). */
  const liveLines = k.table(
    'live_lines',
    {
      id: k.id('id'),
      sessionId: k.text('session_id').notNull(),
      device: k.text('device').notNull(),
      /** The server's time for the line (the phone's clock corrected by its post's sentAt). */
      at: k.long('at').notNull(),
      kind: k.text('kind').notNull(),
      detail: k.json('detail'),
    },
    (t) => [k.index('live_lines_session_id_idx').on(t.sessionId, t.id)],
  )

  return { liveSessions, liveLines }
}
