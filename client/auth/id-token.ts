// The identity token checks of spec 5, done in the browser before a session is stored:
// signature (RS256 only), issuer, audience, subject, nonce, exp/iat/nbf with leeway, max_age
// against auth_time, the organisation claim when configured, at_hash when present.
import { errors, type JWTPayload, type JWTVerifyGetKey, jwtVerify } from 'jose'
import { AuthError } from './errors.ts'

export interface IdTokenExpectations {
  issuer: string
  clientId: string
  nonce: string
  leewaySeconds: number
  keys: JWTVerifyGetKey
  maxAgeSeconds?: number
  organization?: string
  /** The access token issued with it, for the at_hash check. */
  accessToken?: string
  now?: number
}

async function atHash(accessToken: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(accessToken)))
  let binary = ''
  for (const byte of digest.subarray(0, digest.length / 2)) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

export async function verifyIdToken(idToken: string, expected: IdTokenExpectations): Promise<JWTPayload> {
  const nowSeconds = Math.floor((expected.now ?? Date.now()) / 1000)
  let payload: JWTPayload
  try {
    ;({ payload } = await jwtVerify(idToken, expected.keys, {
      algorithms: ['RS256'],
      issuer: expected.issuer,
      audience: expected.clientId,
      clockTolerance: expected.leewaySeconds,
      currentDate: new Date(nowSeconds * 1000),
      requiredClaims: ['sub', 'iat', 'exp'],
    }))
  } catch (error) {
    if (error instanceof errors.JOSEError) throw new AuthError('invalid_token', `id_token: ${error.message}`)
    throw error
  }
  if (typeof payload.iat === 'number' && payload.iat > nowSeconds + expected.leewaySeconds) {
    throw new AuthError('invalid_token', 'id_token issued in the future')
  }
  if (payload.nonce !== expected.nonce) throw new AuthError('invalid_token', '`nonce` does not match.')
  if (expected.maxAgeSeconds !== undefined) {
    if (typeof payload.auth_time !== 'number')
      throw new AuthError('invalid_token', 'auth_time is required with max_age')
    if (payload.auth_time + expected.maxAgeSeconds + expected.leewaySeconds < nowSeconds) {
      throw new AuthError('invalid_token', 'auth_time is too far in the past (max_age)')
    }
  }
  if (expected.organization !== undefined && payload.org_id !== expected.organization) {
    throw new AuthError('invalid_token', '`org_id` does not match the configured organisation.')
  }
  if (expected.accessToken !== undefined && payload.at_hash !== undefined) {
    if (payload.at_hash !== (await atHash(expected.accessToken))) {
      throw new AuthError('invalid_token', '`at_hash` does not match the access token.')
    }
  }
  return payload
}
