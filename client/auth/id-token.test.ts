import { createSign, generateKeyPairSync } from 'node:crypto'
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { codeChallenge } from './authorize.ts'
import { AuthError } from './errors.ts'
import { verifyIdToken } from './id-token.ts'
import { type Jwk, type KeyLookup, localKeys } from './jws.ts'

const ISSUER = 'https://login.example.com/'
const CLIENT = 'client-1'
let keys: KeyLookup
let privateKey: CryptoKey
let otherKey: CryptoKey

beforeAll(async () => {
  const pair = await generateKeyPair('RS256')
  privateKey = pair.privateKey
  otherKey = (await generateKeyPair('RS256')).privateKey
  keys = localKeys({ keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' }] })
})
afterEach(() => vi.unstubAllGlobals())

async function idToken(claims: JWTPayload = {}, header: Record<string, unknown> = {}, key?: CryptoKey) {
  return new SignJWT({ nonce: 'n-1', email: 'qa@example.com', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1', ...header })
    .setIssuer((claims.iss as string) ?? ISSUER)
    .setAudience((claims.aud as string) ?? CLIENT)
    .setSubject((claims.sub as string) ?? 'user-1')
    .setIssuedAt((claims.iat as number) ?? Math.floor(Date.now() / 1000))
    .setExpirationTime((claims.exp as number) ?? '1h')
    .sign(key ?? privateKey)
}

const expectations = (extra: Partial<Parameters<typeof verifyIdToken>[1]> = {}) => ({
  issuer: ISSUER,
  clientId: CLIENT,
  nonce: 'n-1',
  leewaySeconds: 60,
  keys,
  ...extra,
})

async function refusal(token: string, extra: Partial<Parameters<typeof verifyIdToken>[1]> = {}) {
  const error = await verifyIdToken(token, expectations(extra)).then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AuthError)
  expect((error as AuthError).code).toBe('invalid_token')
  return (error as AuthError).message
}

describe('verifyIdToken', () => {
  it('accepts a good token and answers its claims', async () => {
    const payload = await verifyIdToken(await idToken(), expectations())
    expect(payload.email).toBe('qa@example.com')
  })

  it('refuses another issuer, another audience and another nonce', async () => {
    expect(await refusal(await idToken({ iss: 'https://evil.example.com/' }))).toMatch(/iss/)
    expect(await refusal(await idToken({ aud: 'other-client' }))).toMatch(/aud/)
    expect(await refusal(await idToken({ nonce: 'n-2' }))).toBe('`nonce` does not match.')
  })

  it('refuses alg none and HS256', async () => {
    const good = await idToken()
    const [, payload] = good.split('.')
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`
    expect(await refusal(none)).toBeTruthy()
    const hs = await new SignJWT({ nonce: 'n-1' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(CLIENT)
      .setSubject('u')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-shared-secret-a-shared-secret-1'))
    expect(await refusal(hs)).toBeTruthy()
  })

  it('applies the leeway to exp and iat', async () => {
    const now = Math.floor(Date.now() / 1000)
    await expect(verifyIdToken(await idToken({ exp: now - 30 }), expectations())).resolves.toBeTruthy()
    expect(await refusal(await idToken({ exp: now - 90 }))).toMatch(/exp/)
    expect(await refusal(await idToken({ iat: now + 120, exp: now + 3600 }))).toMatch(/future|iat/)
    await expect(
      verifyIdToken(await idToken({ exp: now - 30 }), expectations({ leewaySeconds: 0 })),
    ).rejects.toThrow()
  })

  it('checks max_age against auth_time, the organisation, and at_hash', async () => {
    const now = Math.floor(Date.now() / 1000)
    expect(await refusal(await idToken({ auth_time: now - 4000 }), { maxAgeSeconds: 3600 })).toMatch(
      /max_age/,
    )
    expect(await refusal(await idToken({ org_id: 'org_a' }), { organization: 'org_b' })).toMatch(/org_id/)
    await expect(
      verifyIdToken(await idToken({ org_id: 'org_b' }), expectations({ organization: 'org_b' })),
    ).resolves.toBeTruthy()
    expect(await refusal(await idToken({ at_hash: 'not-the-hash' }), { accessToken: 'token-1' })).toMatch(
      /at_hash/,
    )
  })
})

describe('without WebCrypto (a plain-http intranet address is not a secure context)', () => {
  it('verifies the signature and at_hash, and makes the PKCE challenge, with no crypto.subtle', async () => {
    const accessToken = 'access-token-1'
    const digest = new Uint8Array(
      await crypto.subtle.digest('SHA-256', new TextEncoder().encode(accessToken)),
    )
    const atHash = Buffer.from(digest.subarray(0, 16)).toString('base64url')
    const token = await idToken({ at_hash: atHash })
    // What Chromium offers at http://ads.intranet: getRandomValues, and no subtle.
    vi.stubGlobal('crypto', { getRandomValues: crypto.getRandomValues.bind(crypto) })
    expect(globalThis.crypto.subtle).toBeUndefined()
    await expect(verifyIdToken(token, expectations({ accessToken }))).resolves.toMatchObject({
      sub: 'user-1',
    })
    expect(await refusal(token, { accessToken: 'another-access-token' })).toMatch(/at_hash/)
    // RFC 7636, appendix B.
    expect(codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    )
  })

  it('refuses a flipped signature bit, another key under our kid, an unknown kid and a short key', async () => {
    const good = await idToken()
    const [header, payload, signature] = good.split('.') as [string, string, string]
    const bytes = Buffer.from(signature, 'base64url')
    bytes[bytes.length - 1]! ^= 1
    expect(await refusal(`${header}.${payload}.${bytes.toString('base64url')}`)).toMatch(/signature/)
    // The signature with a byte more (s + n would still verify as a number).
    expect(
      await refusal(
        `${header}.${payload}.${Buffer.concat([Buffer.from([0]), Buffer.from(signature, 'base64url')]).toString('base64url')}`,
      ),
    ).toMatch(/signature/)
    expect(await refusal(await idToken({}, {}, otherKey))).toMatch(/signature/)
    expect(await refusal(await idToken({}, { kid: 'k-unknown' }))).toMatch(/no applicable key/)
    // jose will not sign with a 1024-bit key; Node will, and such a signature must not pass.
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 })
    const weakKeys = localKeys({
      keys: [{ ...(weak.publicKey.export({ format: 'jwk' }) as Jwk), kid: 'k1' }],
    })
    const signingInput = `${header}.${payload}`
    const weakSignature = createSign('RSA-SHA256')
      .update(signingInput)
      .sign(weak.privateKey)
      .toString('base64url')
    expect(await refusal(`${signingInput}.${weakSignature}`, { keys: weakKeys })).toMatch(/signature/)
  })
})
