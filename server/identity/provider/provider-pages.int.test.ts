// The embedded provider's own pages against a stranger's site: each carries the sign-in pages'
// Content-Security-Policy (no framing), and the sign-out page submits itself only when the
// app's own "Log out" led there. Before, the policy was added after oidc-provider had composed
// its middleware, so no provider answer carried it, and the page signed out whoever arrived.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EmbeddedProduct, startEmbeddedProduct } from '../../../tests/helpers/embedded-product.ts'
import { authorizeUrl, CookieClient } from '../../../tests/helpers/oidc-http.ts'

const ADMIN = { email: 'admin@localhost', password: 'correct-horse-battery' }
let server: EmbeddedProduct

beforeAll(async () => {
  server = await startEmbeddedProduct('provider-pages', ADMIN)
})
afterAll(async () => {
  await server?.close()
})

async function signedInBrowser(): Promise<CookieClient> {
  const browser = new CookieClient(new URL(server.base).origin)
  const form = await browser.loginForm(authorizeUrl(server.base, { response_type: 'token id_token' }))
  const afterLogin = await browser.submitLogin(form, ADMIN.email, ADMIN.password)
  expect(afterLogin.status).toBe(303)
  await browser.request(afterLogin.headers.get('location')!)
  return browser
}

const NO_FRAMING = /frame-ancestors 'none'/

describe('the identity provider’s own pages', () => {
  it('an error page carries the policy that forbids framing and foreign scripts', async () => {
    const answer = await fetch(`${server.base}/oidc/auth?client_id=nobody&response_type=code`)
    expect(answer.status).toBe(400)
    expect(await answer.text()).toContain('Sign-in failed')
    expect(answer.headers.get('content-security-policy')).toMatch(NO_FRAMING)
    expect(answer.headers.get('content-security-policy')).toMatch(/script-src 'sha256-/)
    expect(answer.headers.get('x-frame-options')).toBe('DENY')
  })

  it('the sign-out page carries it too', async () => {
    const browser = await signedInBrowser()
    const answer = await browser.request(`${server.base}/oidc/session/end`)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-security-policy')).toMatch(NO_FRAMING)
  })

  it('reached from another site, the sign-out page asks for a click instead of signing out', async () => {
    const browser = await signedInBrowser()
    const page = await browser.request(`${server.base}/oidc/session/end`, {
      headers: { 'sec-fetch-site': 'cross-site' },
    })
    const html = await page.text()
    expect(html).toContain('Sign out?')
    expect(html).not.toContain('<script>')
    expect(html).toMatch(/<button type="submit" form="op.logoutForm"[^>]*>Sign out<\/button>/)
    // Still signed in: a silent sign-in gets tokens, not login_required.
    const silent = await browser.request(
      authorizeUrl(server.base, { response_type: 'token id_token', prompt: 'none' }),
    )
    expect(new URL(silent.headers.get('location')!).hash).toContain('access_token=')
  })

  it("on a plain-http address (no Sec-Fetch-Site), the app's Log out with this session's id token still signs out; without it, a click", async () => {
    const browser = await signedInBrowser()
    const silent = await browser.request(
      authorizeUrl(server.base, { response_type: 'token id_token', prompt: 'none' }),
    )
    const idToken = new URLSearchParams(new URL(silent.headers.get('location')!).hash.slice(1)).get(
      'id_token',
    )
    expect(idToken).toBeTruthy()
    const end = `${server.base}/oidc/session/end`
    const bare = await (await browser.request(end)).text()
    expect(bare).toContain('Sign out?')
    const withHint = await browser.request(
      `${end}?${new URLSearchParams({ id_token_hint: idToken!, client_id: 'ads-preview' })}`,
    )
    const html = await withHint.text()
    expect(html).toContain('Signing out…')
    expect(html).toContain('<script>')
  })

  it('led there by the app itself (same origin), it submits itself as before', async () => {
    const browser = await signedInBrowser()
    const page = await browser.request(`${server.base}/oidc/session/end`, {
      headers: { 'sec-fetch-site': 'same-origin' },
    })
    const html = await page.text()
    expect(html).toContain('Signing out…')
    expect(html).toContain('<script>')
  })
})
