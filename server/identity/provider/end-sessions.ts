// Ends what signs a member in: their provider sessions (all, or all but the one the caller's
// token came from) so nothing renews their access token, through `signedOutBefore` the access
// tokens already issued from the others (the access policy refuses them with 401; the kept
// session's tokens stay good, so the browser that asked goes on without a new sign-in), and
// their API tokens: a script holding one is another session someone may have stolen.
// Used when a member signs out their other sessions, changes or resets a password.
import { and, eq, ne } from 'drizzle-orm'
import type { Database, Orm } from '../../platform/db/database.ts'
import { revokeTokensOf } from '../api-tokens/revoke-tokens-of.ts'

export async function endSessions(
  db: Database,
  tx: Orm,
  userId: string,
  options: { keep?: string | undefined; now: number },
): Promise<void> {
  const { oidcModels, users } = db.tables
  const sessionsOfMember = and(
    eq(db.jsonText(oidcModels.payload, 'accountId'), userId),
    eq(oidcModels.model, 'Session'),
  )
  await tx
    .delete(oidcModels)
    .where(
      options.keep
        ? and(sessionsOfMember, ne(db.jsonText(oidcModels.payload, 'uid'), options.keep))
        : sessionsOfMember,
    )
  await tx
    .update(users)
    .set({ signedOutBefore: options.now, keptSession: options.keep ?? null, updatedAt: options.now })
    .where(eq(users.id, userId))
  await revokeTokensOf(tx, db, userId, options.now)
}
