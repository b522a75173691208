// The real embedded provider on a real port: the authorization code + PKCE flow end to end,
// sessions that survive a restart, and CSRF refusal. (The implicit flow the browser uses is
// covered by tests/e2e/auth.spec.ts, throttling by sign-in-throttle.int.test.ts.)
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validPackage } from '../../../tests/fixtures/packages.ts'
import { authorizeUrl, CookieClient } from '../../../tests/helpers/oidc-http.ts'
import { testDatabaseEnv, testDialect } from '../../../tests/helpers/test-database.ts'
import { parseConfig } from '../../parse-config.ts'
import { type Product, startProduct } from '../../start.ts'

const PORT = 20_000 + (process.pid % 20_000)
const BASE = `http://localhost:${PORT}/ads-preview`
const EMAIL = 'qa@example.com'
const PASSWORD = 'correct-horse-battery'
let dataDir: string
let server: Product

let databaseEnv: Record<string, string> = {}

function config(extra: Record<string, string> = {}) {
  return parseConfig({
    ...databaseEnv,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    LOG_REQUESTS: '0',
    AUTH_FLOW: 'code',
    ...extra,
  })
}

const b64url = (buffer: Buffer) => buffer.toString('base64url')

function codeAuthorizeUrl(challenge: string, extra: Record<string, string> = {}) {
  return authorizeUrl(BASE, {
    response_type: 'code',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...extra,
  })
}

async function loginForm(browser: CookieClient, url: string) {
  return browser.loginForm(url)
}

async function submit(browser: CookieClient, form: { action: string; csrf: string }, password: string) {
  return browser.submitLogin(form, EMAIL, password)
}

/** Signs in through our login form with code + PKCE; the callback holds the code. */
async function signInWithCode(browser: CookieClient) {
  const verifier = b64url(randomBytes(32))
  const challenge = b64url(createHash('sha256').update(verifier).digest())
  const form = await loginForm(browser, codeAuthorizeUrl(challenge))
  const afterLogin = await submit(browser, form, PASSWORD)
  expect(afterLogin.status).toBe(303)
  const callback = await browser.request(afterLogin.headers.get('location')!)
  return { verifier, challenge, callback }
}

/** The token endpoint's answer to a code and its verifier. */
const exchangeCode = (code: string, codeVerifier: string) =>
  fetch(`${BASE}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      code_verifier: codeVerifier,
      redirect_uri: `${BASE}/validate-token`,
      client_id: 'ads-preview',
    }),
  })

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-idp-'))
  databaseEnv = await testDatabaseEnv()
  server = await startProduct(config())
  await server.listen()
})
afterAll(async () => {
  await server?.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

describe('the embedded provider', () => {
  it('signs in with authorization code + PKCE, and a restart signs nobody out', async () => {
    const browser = new CookieClient(`http://localhost:${PORT}`)
    const { verifier, challenge, callback } = await signInWithCode(browser)
    const redirect = new URL(callback.headers.get('location')!)
    expect(redirect.pathname).toBe('/ads-preview/validate-token')
    const code = redirect.searchParams.get('code')!
    expect(code).toBeTruthy()

    expect((await exchangeCode(code, b64url(randomBytes(32)))).status).toBe(400)
    // A code is single-use: the wrong verifier above already spent it, so start over.
    const again = await browser.request(codeAuthorizeUrl(challenge))
    const code2 = new URL(again.headers.get('location')!).searchParams.get('code')!
    const tokens = (await (await exchangeCode(code2, verifier)).json()) as {
      access_token: string
      id_token: string
      expires_in: number
    }
    expect(tokens.id_token).toBeTruthy()
    const list = await fetch(`${BASE}/api/packages`, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    })
    expect(list.status).toBe(200)
    // The id token is not an access token.
    expect(
      (await fetch(`${BASE}/api/packages`, { headers: { authorization: `Bearer ${tokens.id_token}` } }))
        .status,
    ).toBe(401)

    await server.close()
    server = await startProduct(config())
    await server.listen()
    const silent = await browser.request(codeAuthorizeUrl(challenge, { prompt: 'none' }))
    expect(new URL(silent.headers.get('location')!).searchParams.get('code')).toBeTruthy()
    // The access token issued before the restart still works: same keys.
    expect(
      (await fetch(`${BASE}/api/packages`, { headers: { authorization: `Bearer ${tokens.access_token}` } }))
        .status,
    ).toBe(200)
  })

  it('AUTH_FLOW=code turns the implicit flow off: a hand-made `id_token token` request gets no token', async () => {
    const browser = new CookieClient(`http://localhost:${PORT}`)
    const form = await loginForm(browser, codeAuthorizeUrl('z'.repeat(43)))
    const signedIn = await browser.request((await submit(browser, form, PASSWORD)).headers.get('location')!)
    expect(new URL(signedIn.headers.get('location')!).searchParams.get('code')).toBeTruthy()
    for (const extra of [{}, { prompt: 'none' }] as Record<string, string>[]) {
      const implicit = await browser.request(
        authorizeUrl(BASE, { response_type: 'id_token token', ...extra }),
      )
      const answer = `${implicit.headers.get('location') ?? ''} ${await implicit.text()}`
      expect(answer).not.toContain('access_token')
      expect(answer).toContain('unsupported_response_type')
    }
  })

  // Behind a load balancer: two app processes, each with its own data folder, one database.
  it.skipIf(testDialect() !== 'postgres')(
    'shares its keys and sessions with every app process on PostgreSQL',
    async () => {
      const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-idp-other-'))
      const other = await startProduct(config({ DATA_DIR: otherDir, PUBLIC_URL: `http://localhost:${PORT}` }))
      const { port } = await other.listen(0)
      try {
        const otherBase = `http://localhost:${port}/ads-preview`
        // Signed in through the first process (code + PKCE), the token used at the second.
        const browser = new CookieClient(`http://localhost:${PORT}`)
        const { verifier, challenge, callback } = await signInWithCode(browser)
        const code = new URL(callback.headers.get('location')!).searchParams.get('code')!
        const token = ((await (await exchangeCode(code, verifier)).json()) as { access_token: string })
          .access_token
        const list = await fetch(`${otherBase}/api/packages`, {
          headers: { authorization: `Bearer ${token}` },
        })
        expect(list.status).toBe(200)
        // An upload URL signed by the second process is good at the first: one signing secret.
        const url = await fetch(
          `${otherBase}/api/upload/get-package-upload-url?filename=shared.zip&contentType=application%2Fzip`,
          { headers: { authorization: `Bearer ${token}` } },
        )
        const { signedRequest } = (await url.json()) as { signedRequest: string }
        const put = await fetch(signedRequest, {
          method: 'PUT',
          body: validPackage() as Uint8Array<ArrayBuffer>,
          headers: { 'content-type': 'application/zip' },
        })
        expect(put.status).toBe(200)
        const jwks = async (base: string) => (await fetch(`${base}/oidc/jwks`)).json()
        expect(await jwks(otherBase)).toEqual(await jwks(BASE))
        // The session made through the first process answers a silent sign-in at the second.
        const silent = await browser.request(
          codeAuthorizeUrl(challenge, { prompt: 'none' }).replace(BASE, otherBase),
        )
        expect(new URL(silent.headers.get('location')!).searchParams.get('code')).toBeTruthy()
      } finally {
        await other.close()
        fs.rmSync(otherDir, { recursive: true, force: true })
      }
    },
  )

  it('refuses a login form posted without its CSRF token', async () => {
    const browser = new CookieClient(`http://localhost:${PORT}`)
    const form = await loginForm(browser, codeAuthorizeUrl('y'.repeat(43)))
    const forged = await submit(browser, { ...form, csrf: 'forged' }, PASSWORD)
    expect(forged.status).toBe(403)
  })
})
