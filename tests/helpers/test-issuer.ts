// A stand-in identity provider for server tests: an RS256 key pair whose public half is served
// as a local JWKS, and helpers to sign the tokens a real provider would issue (and bad ones).
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose'

export const TEST_ISSUER = 'https://issuer.test/'
export const TEST_AUDIENCE = 'https://ads-preview.test/api'

export async function createTestIssuer() {
  const { privateKey, publicKey } = await generateKeyPair('RS256')
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }
  const keys = createLocalJWKSet({ keys: [jwk] })

  async function sign(payload: JWTPayload = {}, header: { typ?: string; kid?: string } = {}) {
    return new SignJWT({ email: 'qa@example.com', ...payload })
      .setProtectedHeader({ alg: 'RS256', kid: header.kid ?? 'test-key', typ: header.typ ?? 'at+jwt' })
      .setIssuer(payload.iss ?? TEST_ISSUER)
      .setAudience(payload.aud ?? TEST_AUDIENCE)
      .setSubject(payload.sub ?? 'user-1')
      .setIssuedAt()
      .setExpirationTime(payload.exp ?? '10m')
      .sign(privateKey)
  }

  return { keys, sign, privateKey, publicKey, jwk }
}
