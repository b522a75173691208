// The identity token checks the product spec requires, done in the browser before a session is stored:
// signature (RS256 only), issuer, audience, subject, nonce, exp/iat/nbf with leeway, max_age
// against auth_time, the organisation claim when configured, at_hash when present. No WebCrypto
// (jws.ts), so they run on a plain-http intranet address as on https and localhost.
import { AuthError } from './errors.ts'
import { base64urlEncode, type KeyLookup, sha256Of, verifyRs256 } from './jws.ts'

export interface IdTokenExpectations {
  issuer: string
  clientId: string
  nonce: string
  leewaySeconds: number
  keys: KeyLookup
  maxAgeSeconds?: number
  organization?: string
  /** The access token issued with it, for the at_hash check. */
  accessToken?: string
  now?: number
}

export type IdTokenClaims = Record<string, unknown>

/** OpenID Connect Core 3.1.3.6: the left half of SHA-256 of the access token. */
function atHash(accessToken: string): string {
  const digest = sha256Of(accessToken)
  return base64urlEncode(digest.subarray(0, digest.length / 2))
}

const invalid = (message: string) => new AuthError('invalid_token', message)

function requireTime(payload: IdTokenClaims, claim: string): number {
  const value = payload[claim]
  if (typeof value !== 'number') throw invalid(`id_token: missing required "${claim}" claim`)
  return value
}

export async function verifyIdToken(idToken: string, expected: IdTokenExpectations): Promise<IdTokenClaims> {
  const nowSeconds = Math.floor((expected.now ?? Date.now()) / 1000)
  const leeway = expected.leewaySeconds
  const payload = await verifyRs256(idToken, expected.keys)
  if (payload.iss !== expected.issuer) throw invalid('id_token: unexpected "iss" claim value')
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud]
  if (!audiences.includes(expected.clientId)) throw invalid('id_token: unexpected "aud" claim value')
  if (typeof payload.sub !== 'string' || payload.sub === '')
    throw invalid('id_token: missing required "sub" claim')
  const iat = requireTime(payload, 'iat')
  if (requireTime(payload, 'exp') <= nowSeconds - leeway)
    throw invalid('id_token: "exp" claim timestamp check failed')
  if (typeof payload.nbf === 'number' && payload.nbf > nowSeconds + leeway) {
    throw invalid('id_token: "nbf" claim timestamp check failed')
  }
  if (iat > nowSeconds + leeway) throw invalid('id_token issued in the future')
  if (payload.nonce !== expected.nonce) throw invalid('`nonce` does not match.')
  if (expected.maxAgeSeconds !== undefined) {
    if (typeof payload.auth_time !== 'number') throw invalid('auth_time is required with max_age')
    if (payload.auth_time + expected.maxAgeSeconds + leeway < nowSeconds) {
      throw invalid('auth_time is too far in the past (max_age)')
    }
  }
  if (expected.organization !== undefined && payload.org_id !== expected.organization) {
    throw invalid('`org_id` does not match the configured organisation.')
  }
  if (expected.accessToken !== undefined && payload.at_hash !== undefined) {
    if (payload.at_hash !== atHash(expected.accessToken))
      throw invalid('`at_hash` does not match the access token.')
  }
  return payload
}
