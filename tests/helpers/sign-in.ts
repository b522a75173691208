// Signs a page in through the real embedded provider without clicking through its UI: the
// login transaction is stored as the app would store it, the provider's authorize and login
// form are driven over HTTP (sharing the browser context's cookies), and the page then lands
// on /validate-token with the provider's real fragment, which the app checks as usual.
import { expect, type Page } from '@playwright/test'
import { LOGIN_SCOPE } from '../../shared/constants.ts'
import { ROUTES } from '../../shared/paths.ts'
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL, ORIGIN } from '../e2e/env.ts'

function random(length = 32): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  return Array.from({ length }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('')
}

/** The URL the provider redirects to after a successful login, fragment included. */
export async function providerLogin(
  page: Page,
  params: { state: string; nonce: string; email?: string; password?: string },
) {
  const authorize = new URL(`${BASE_URL}oidc/auth`)
  authorize.search = new URLSearchParams({
    client_id: 'ads-preview',
    response_type: 'token id_token',
    redirect_uri: `${BASE_URL}validate-token`,
    scope: LOGIN_SCOPE,
    audience: `${BASE_URL}api`,
    state: params.state,
    nonce: params.nonce,
  }).toString()
  const request = page.context().request
  let response = await request.get(authorize.toString(), { maxRedirects: 0 })
  let location = response.headers().location ?? ''
  if (location.includes('/interaction/')) {
    const form = await request.get(new URL(location, ORIGIN).toString())
    const html = await form.text()
    const action = /action="([^"]+)"/.exec(html)?.[1]
    const csrf = /name="csrf" value="([^"]+)"/.exec(html)?.[1]
    expect(action && csrf, 'the provider shows its login form').toBeTruthy()
    response = await request.post(new URL(action!, ORIGIN).toString(), {
      form: { email: params.email ?? ADMIN_EMAIL, password: params.password ?? ADMIN_PASSWORD, csrf: csrf! },
      maxRedirects: 0,
    })
    location = response.headers().location ?? ''
    response = await request.get(new URL(location, ORIGIN).toString(), { maxRedirects: 0 })
    location = response.headers().location ?? ''
  }
  expect(location, 'the provider answers with the callback URL').toContain('/validate-token#')
  return location
}

/** Stores a login transaction as the app's startLogin does. */
export async function storeTransaction(
  page: Page,
  transaction: { state: string; nonce: string; returnTo?: string },
) {
  await page.goto(`${BASE_URL}health`)
  await page.evaluate(
    (tx) => {
      localStorage.setItem(
        `ads-preview.auth.tx.${tx.state}`,
        JSON.stringify({ ...tx, createdAt: Date.now() }),
      )
    },
    { returnTo: ROUTES.main, ...transaction },
  )
}

export async function signIn(
  page: Page,
  returnTo: string = ROUTES.main,
  credentials: { email?: string; password?: string } = {},
): Promise<void> {
  const transaction = { state: random(), nonce: random(), returnTo }
  await storeTransaction(page, transaction)
  const callback = await providerLogin(page, { ...transaction, ...credentials })
  await page.goto(callback)
  await expect(page).toHaveURL(new RegExp(`${returnTo}$`))
}

export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('access_token'))
  expect(token).toBeTruthy()
  return token!
}
