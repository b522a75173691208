// Every API token of one person stops at once: called when a member is removed (identity/provider/users.ts),
// so nothing they made keeps calling the API after them.
import { and, eq, isNull } from 'drizzle-orm'
import type { Database, Orm } from '../../platform/db/database.ts'

/** Inside a write that removes the person, or on its own; answers how many were revoked. */
export async function revokeTokensOf(
  tx: Orm,
  db: Pick<Database, 'tables'>,
  ownerSub: string,
  at = Date.now(),
) {
  const { apiTokens } = db.tables
  const revoked = await tx
    .update(apiTokens)
    .set({ revokedAt: at })
    .where(and(eq(apiTokens.ownerSub, ownerSub), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id })
  return revoked.length
}
