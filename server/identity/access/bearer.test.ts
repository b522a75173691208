import { exportSPKI, SignJWT } from 'jose'
import { beforeAll, describe, expect, it } from 'vitest'
import { createTestIssuer, TEST_AUDIENCE, TEST_ISSUER } from '../../../tests/helpers/test-issuer.ts'
import { AppError } from '../../platform/errors.ts'
import { createAccessTokenVerifier, type VerifyAccessToken } from './bearer.ts'

let issuer: Awaited<ReturnType<typeof createTestIssuer>>
let verify: VerifyAccessToken

beforeAll(async () => {
  issuer = await createTestIssuer()
  verify = createAccessTokenVerifier({
    issuer: TEST_ISSUER,
    audience: TEST_AUDIENCE,
    leewaySeconds: 60,
    keys: issuer.keys,
  })
})

async function refused(token: string) {
  const error = await verify(token).then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppError)
  expect((error as AppError).status).toBe(401)
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

describe('the bearer check', () => {
  it('accepts an RS256 access token for our audience from our issuer, with its claims', async () => {
    const token = await issuer.sign()
    expect(await verify(token)).toMatchObject({
      sub: 'user-1',
      claims: { email: 'qa@example.com' },
      accessToken: token,
    })
  })

  it('refuses alg none', async () => {
    const claims = {
      iss: TEST_ISSUER,
      aud: TEST_AUDIENCE,
      sub: 'x',
      exp: Math.floor(Date.now() / 1000) + 600,
    }
    await refused(`${b64({ alg: 'none', typ: 'at+jwt' })}.${b64(claims)}.`)
  })

  it('refuses HS256 signed with the public key as the secret (algorithm confusion)', async () => {
    const publicPem = await exportSPKI(issuer.publicKey)
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256', kid: 'test-key', typ: 'at+jwt' })
      .setIssuer(TEST_ISSUER)
      .setAudience(TEST_AUDIENCE)
      .setSubject('x')
      .setExpirationTime('10m')
      .sign(new TextEncoder().encode(publicPem))
    await refused(token)
  })

  it('refuses an unknown key, another issuer, another audience, an expired token', async () => {
    await refused(await issuer.sign({}, { kid: 'someone-elses-key' }))
    await refused(await issuer.sign({ iss: 'https://evil.example.com/' }))
    await refused(await issuer.sign({ aud: 'https://other-api.example.com' }))
    await refused(await issuer.sign({ exp: Math.floor(Date.now() / 1000) - 120 }))
  })

  it('applies the leeway to expiry', async () => {
    await expect(verify(await issuer.sign({ exp: Math.floor(Date.now() / 1000) - 30 }))).resolves.toBeTruthy()
  })

  it('refuses an id token used as an access token', async () => {
    await refused(await issuer.sign({ nonce: 'n' }, { typ: 'JWT' }))
  })
})
