// "Log out" through the embedded provider as the browser does it: the app's own logout (the
// end-session URL it navigates to), the provider's "Signing out…" page, whose script posts the
// form at once, and the return to the app's login page; the provider session is over after it.
// Run on PostgreSQL too (vite.config.ts): there the confirmation once reached the provider with
// its body already drained by the server's body cap, and answered "xsrf token invalid".
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAuth } from '../../client/auth/auth-store.ts'
import { writeSession } from '../../client/auth/session-storage.ts'
import type { ClientConfig } from '../../shared/api.ts'
import { type EmbeddedProduct, startEmbeddedProduct } from '../../tests/helpers/embedded-product.ts'
import { authorizeUrl, CookieClient } from '../../tests/helpers/oidc-http.ts'

const ADMIN = { email: 'admin@localhost', password: 'correct-horse-battery' }
let server: EmbeddedProduct

beforeAll(async () => {
  server = await startEmbeddedProduct('logout', ADMIN)
})
afterAll(async () => {
  await server?.close()
})

/** localStorage and sessionStorage as the app uses them. */
function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  }
}

/** Signs in through the provider's login page (the implicit flow the app uses): its id token. */
async function signIn(browser: CookieClient): Promise<{ accessToken: string; idToken: string }> {
  const form = await browser.loginForm(authorizeUrl(server.base, { response_type: 'token id_token' }))
  const afterLogin = await browser.submitLogin(form, ADMIN.email, ADMIN.password)
  expect(afterLogin.status).toBe(303)
  const callback = await browser.request(afterLogin.headers.get('location')!)
  const fragment = new URLSearchParams(new URL(callback.headers.get('location')!).hash.slice(1))
  return { accessToken: fragment.get('access_token')!, idToken: fragment.get('id_token')! }
}

/** Where the app's "Log out" sends the browser: its own logout() with its stored tokens. */
async function appLogoutUrl(tokens: { accessToken: string; idToken: string }): Promise<string> {
  const { auth } = (await (await fetch(`${server.base}/client-config.json`)).json()) as ClientConfig
  const storage = memoryStorage()
  writeSession(storage, { ...tokens, expiresIn: 3600 }, Date.now())
  let target = ''
  createAuth({
    auth,
    storage,
    sessionStore: memoryStorage(),
    redirect: (url) => {
      target = url
    },
    silentAuthorize: () => Promise.reject(new Error('no silent sign-in during logout')),
  }).logout()
  return target
}

describe('log out through the embedded provider', () => {
  it('ends the provider session and returns to the login page', async () => {
    const browser = new CookieClient(new URL(server.base).origin)
    const logoutUrl = await appLogoutUrl(await signIn(browser))
    expect(logoutUrl).toContain('/oidc/session/end?')

    const page = await browser.request(logoutUrl)
    expect(page.status).toBe(200)
    const html = await page.text()
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)![1]!
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1]!
    // What the page's script posts: the form's xsrf and logout=yes (pages.ts).
    const confirmed = await browser.request(action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
    })
    expect(confirmed.status, await confirmed.clone().text()).toBe(303)
    expect(confirmed.headers.get('location')).toBe(`${server.base}/login`)

    // Signed out for real: a silent sign-in with the same cookies is refused.
    const silent = await browser.request(
      authorizeUrl(server.base, { response_type: 'token id_token', prompt: 'none' }),
    )
    expect(new URLSearchParams(new URL(silent.headers.get('location')!).hash.slice(1)).get('error')).toBe(
      'login_required',
    )
  })

  it('still caps the bodies of the sign-in form and of the provider’s own endpoints', async () => {
    const browser = new CookieClient(new URL(server.base).origin)
    const form = await browser.loginForm(authorizeUrl(server.base, { response_type: 'token id_token' }))
    const huge = 'x'.repeat(100 * 1024)
    expect((await browser.submitLogin(form, ADMIN.email, huge)).status).toBe(413)
    const confirm = await browser.request(`${server.base}/oidc/session/end/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: huge, logout: 'yes' }).toString(),
    })
    expect(confirm.status).toBe(400)
    expect(await confirm.text()).toContain('failed to parse the request body')
  })
})
