// Who a token is about: the embedded provider finds its accounts in our users table and puts
// the email in the id token (the spec reads the profile from it); what the access token adds
// for the API's access policy is in token-claims.ts.
import type { Configuration } from 'oidc-provider'
import type { Database } from '../../platform/db/database.ts'
import { accessTokenClaims } from './token-claims.ts'
import { findUserById } from './users.ts'

export function accountsIn(db: Database): Pick<Configuration, 'findAccount' | 'extraTokenClaims'> {
  return {
    async findAccount(_ctx, id) {
      const user = await findUserById(db, id)
      if (!user) return undefined
      return {
        accountId: user.id,
        claims: async () => ({
          sub: user.id,
          email: user.email,
          email_verified: true,
          ...(user.name ? { name: user.name } : {}),
        }),
      }
    },
    extraTokenClaims: accessTokenClaims(db),
  }
}
