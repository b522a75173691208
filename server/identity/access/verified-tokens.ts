// Access tokens already verified, kept a short while: a browser sends the same token with every
// call for its whole life, and checking its RS256 signature each time was about a twentieth of
// the server's CPU under a mixed load. A kept token still has its expiry checked at every call
// (with the same leeway); a signing key withdrawn by the issuer stops admitting its tokens within
// MAX_AGE_MS. What comes after the signature (the access policy, membership) runs every time.

import type { Identity } from './access-policy.ts'
import type { VerifyAccessToken } from './bearer.ts'

const MAX_AGE_MS = 60_000
const MAX_TOKENS = 1000

export interface VerifiedTokenOptions {
  leewaySeconds: number
  /** Wall-clock milliseconds, as jose itself reads them (a test's own clock). */
  now?: () => number
}

export function keepVerifiedTokens(
  verify: VerifyAccessToken,
  options: VerifiedTokenOptions,
): VerifyAccessToken {
  const now = options.now ?? (() => Date.now())
  /** Oldest first: a Map iterates in insertion order, and a hit is inserted again. */
  const kept = new Map<string, { identity: Identity; until: number }>()
  return async (token) => {
    const hit = kept.get(token)
    kept.delete(token)
    if (hit && now() < hit.until) {
      kept.set(token, hit)
      return hit.identity
    }
    const identity = await verify(token)
    const expires = Number(identity.claims.exp) * 1000 + options.leewaySeconds * 1000
    kept.set(token, { identity, until: Math.min(now() + MAX_AGE_MS, expires) })
    if (kept.size > MAX_TOKENS) kept.delete(kept.keys().next().value!)
    return identity
  }
}
