// The provider's userinfo, for a caller whose access token lacks a claim the access policy
// needs (an Auth0 access token carries no email). Asked with the caller's own token, kept per
// subject for a few minutes, and one request in flight per subject however many calls wait.
import { AppError } from '../../platform/errors.ts'
import type { Identity } from './access-policy.ts'

export const USERINFO_TTL_MS = 5 * 60 * 1000
const MAX_SUBJECTS = 10_000

export interface UserinfoOptions {
  endpoint: string
  ttlMs?: number
  fetch?: typeof fetch
  now?: () => number
}

type Claims = Readonly<Record<string, unknown>>

export function createUserinfoLookup(options: UserinfoOptions) {
  const ttlMs = options.ttlMs ?? USERINFO_TTL_MS
  const now = options.now ?? Date.now
  const fetchImpl = options.fetch ?? fetch
  const cache = new Map<string, { claims: Claims; until: number }>()
  const inFlight = new Map<string, Promise<Claims>>()

  async function ask(identity: Identity): Promise<Claims> {
    let response: Response
    try {
      response = await fetchImpl(options.endpoint, {
        headers: { authorization: `Bearer ${identity.accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(10_000),
      })
    } catch (error) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'The identity provider did not answer: try again shortly.',
        {},
        {
          cause: error,
        },
      )
    }
    if (response.status >= 500) {
      throw new AppError('SERVICE_UNAVAILABLE', 'The identity provider did not answer: try again shortly.')
    }
    const body = response.ok ? ((await response.json().catch(() => null)) as Claims | null) : null
    // OpenID Connect Core 5.3.2: userinfo's sub must be the token's, or it is not this person's.
    if (!body || body.sub !== identity.sub) {
      throw new AppError('FORBIDDEN', 'The identity provider would not confirm who you are (userinfo).', {
        accessDenied: true,
      })
    }
    return body
  }

  return async function userinfo(identity: Identity): Promise<Claims> {
    const cached = cache.get(identity.sub)
    if (cached && cached.until > now()) return cached.claims
    if (!identity.accessToken) return {}
    const pending = inFlight.get(identity.sub)
    if (pending) return pending
    const request = ask(identity)
      .then((claims) => {
        if (cache.size >= MAX_SUBJECTS) cache.delete(cache.keys().next().value!)
        cache.delete(identity.sub)
        cache.set(identity.sub, { claims, until: now() + ttlMs })
        return claims
      })
      .finally(() => inFlight.delete(identity.sub))
    inFlight.set(identity.sub, request)
    return request
  }
}
