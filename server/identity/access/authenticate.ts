// Every bearer credential the API accepts, checked and then put to the one access policy: a
// personal API token (`adp_...`, server/identity/api-tokens/) or an OIDC access token. Live-session
// credentials join here the same way: verify to an Identity, then admit.
import type { ApiTokenCheck } from '../api-tokens/api-token-check.ts'
import { isApiTokenBearer } from '../api-tokens/token-secret.ts'
import type { AccessPolicy } from './access-policy.ts'
import type { Authenticate, VerifyAccessToken } from './bearer.ts'

export interface AuthenticatorDeps {
  verifyAccessToken: VerifyAccessToken
  policy: AccessPolicy
  apiTokens: ApiTokenCheck
}

export function createAuthenticator(deps: AuthenticatorDeps): Authenticate {
  return async (bearer) => {
    if (!isApiTokenBearer(bearer)) return deps.policy.admit(await deps.verifyAccessToken(bearer))
    const { identity, token } = await deps.apiTokens.verify(bearer)
    // The owner as recorded meets today's rules: a removed member's tokens stop at once.
    const user = await deps.policy.admit(identity)
    await deps.apiTokens.used(token.id)
    return { ...user, apiToken: token }
  }
}
