// A live session by the secret of its link (a phone) or by its id for its owner (the workbench).
// A session past its expiry or ended is gone for the phone; its owner still reads what it sent.
import { and, eq } from 'drizzle-orm'
import type { AuthUser } from '../../identity/access/user.ts'
import type { Database } from '../../platform/db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { liveSecretHash } from './live-secret.ts'

export const LIVE_MESSAGES = {
  gone: 'This live session has ended. Start a new one in the workbench.',
  notFound: 'No such live session.',
} as const

export type LiveSessionRow = Database['tables']['liveSessions']['$inferSelect']

export const isOpen = (session: LiveSessionRow, now: number) =>
  session.endedAt === null && now < session.expiresAt

/** The open session a link's secret names; 410 when there is none (never was, expired or ended). */
export async function openSessionOfSecret(
  db: Database,
  secret: string,
  now: number,
): Promise<LiveSessionRow> {
  const { liveSessions } = db.tables
  const [session] = await db.orm
    .select()
    .from(liveSessions)
    .where(eq(liveSessions.secretSha256, liveSecretHash(secret)))
  if (!session || !isOpen(session, now)) throw new AppError('GONE', LIVE_MESSAGES.gone)
  return session
}

/** The caller's own session (another person's is not found, as one that never was). */
export async function ownSession(db: Database, user: AuthUser, id: string): Promise<LiveSessionRow> {
  const { liveSessions } = db.tables
  const [session] = await db.orm
    .select()
    .from(liveSessions)
    .where(and(eq(liveSessions.id, id), eq(liveSessions.ownerSub, user.sub)))
  if (!session) throw new AppError('NOT_FOUND', LIVE_MESSAGES.notFound)
  return session
}
