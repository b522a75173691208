// The API token half of the bearer check (identity/access/authenticate.ts): the secret to its stored row by
// sha256, on every request, so a revocation or an expiry takes effect at the next call. What it
// proves is the owner as recorded (an Identity for the access policy) and the token's scope.
import { eq } from 'drizzle-orm'
import type { ApiTokenScope } from '../../../shared/api-tokens.ts'
import type { Database } from '../../platform/db/database.ts'
import { AppError } from '../../platform/errors.ts'
import type { Identity } from '../access/access-policy.ts'
import { ISSUED_MS_CLAIM } from '../provider/member-check.ts'
import { hasTokenShape, secretSha256 } from './token-secret.ts'

export const API_TOKEN_REFUSED = {
  unknown: 'This API token is not known here, or it has been revoked.',
  expired: 'This API token has expired: make a new one.',
} as const

export interface VerifiedApiToken {
  identity: Identity
  token: { id: string; scope: ApiTokenScope }
}

export function createApiTokenCheck(db: Database, now: () => number = () => Date.now()) {
  const t = db.tables.apiTokens
  return {
    async verify(bearer: string): Promise<VerifiedApiToken> {
      if (!hasTokenShape(bearer)) throw new AppError('UNAUTHORIZED', API_TOKEN_REFUSED.unknown)
      const [row] = await db.orm
        .select({
          id: t.id,
          ownerSub: t.ownerSub,
          ownerClaims: t.ownerClaims,
          scope: t.scope,
          createdAt: t.createdAt,
          expiresAt: t.expiresAt,
          revokedAt: t.revokedAt,
        })
        .from(t)
        .where(eq(t.secretSha256, secretSha256(bearer)))
      if (!row || row.revokedAt !== null) throw new AppError('UNAUTHORIZED', API_TOKEN_REFUSED.unknown)
      if (row.expiresAt <= now()) throw new AppError('UNAUTHORIZED', API_TOKEN_REFUSED.expired)
      return {
        // Issued when it was made: signing out other sessions, a new password or a reset revokes
        // the owner's tokens (end-sessions.ts), and the policy's sign-out check holds besides.
        identity: {
          sub: row.ownerSub,
          claims: { ...(row.ownerClaims as Record<string, unknown>), [ISSUED_MS_CLAIM]: row.createdAt },
        },
        token: { id: row.id, scope: row.scope },
      }
    },
    /** Every admitted use moves the token's last-used time. */
    async used(id: string): Promise<void> {
      await db.write((tx) => tx.update(t).set({ lastUsedAt: now() }).where(eq(t.id, id)))
    },
  }
}

export type ApiTokenCheck = ReturnType<typeof createApiTokenCheck>
