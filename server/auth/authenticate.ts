// Every bearer credential the API accepts, checked and then put to the one access policy. API
// tokens (automation) and live-session credentials join here: verify to an Identity, then admit.
import type { AccessPolicy } from './access-policy.ts'
import type { Authenticate, VerifyAccessToken } from './bearer.ts'

export interface AuthenticatorDeps {
  verifyAccessToken: VerifyAccessToken
  policy: AccessPolicy
}

export function createAuthenticator(deps: AuthenticatorDeps): Authenticate {
  return async (bearer) => deps.policy.admit(await deps.verifyAccessToken(bearer))
}
