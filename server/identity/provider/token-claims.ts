// What the embedded provider's access tokens say beyond the standard claims: the member's email
// (verified: an admin invited it), for the API's access policy, and the sign-in session the
// token came from, so that signing out a member's other sessions keeps this one's tokens good
// (end-sessions.ts, the access policy), and the moment it was issued to the millisecond.
import type { Configuration } from 'oidc-provider'
import type { Database } from '../../platform/db/database.ts'
import { ISSUED_MS_CLAIM, SESSION_CLAIM } from './member-check.ts'
import { findUserById } from './users.ts'

export function accessTokenClaims(db: Database): NonNullable<Configuration['extraTokenClaims']> {
  return async (_ctx, token) => {
    const user =
      'accountId' in token && typeof token.accountId === 'string'
        ? await findUserById(db, token.accountId)
        : undefined
    if (!user) return undefined
    const session =
      'sessionUid' in token && typeof token.sessionUid === 'string' ? token.sessionUid : undefined
    return {
      email: user.email,
      email_verified: true,
      [ISSUED_MS_CLAIM]: Date.now(),
      ...(session ? { [SESSION_CLAIM]: session } : {}),
    }
  }
}
