import { expect, type Page, test } from '@playwright/test'
import { providerLogin, signIn, storeTransaction } from '../helpers/sign-in.ts'
import { ADMIN_EMAIL, ADMIN_PASSWORD, BASE_URL } from './env.ts'

test('a first visit goes to /login, then the hosted login page, then /main with "{email} - Log out"', async ({
  page,
}) => {
  await page.goto(BASE_URL)
  await expect(page).toHaveURL(/\/ads-preview\/oidc\/interaction\//)
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
  await page.getByLabel('Email').fill(ADMIN_EMAIL)
  await page.getByLabel('Password').fill(ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/ads-preview\/main$/)
  await expect(page.locator('.top-bar')).toContainText(`${ADMIN_EMAIL} - Log out`)
  await expect(page.getByText('Drop package.zip here')).toBeVisible()
  // The tokens left the address bar and are stored under the names the product spec gives them.
  const stored = await page.evaluate(() => ({
    access: localStorage.getItem('access_token'),
    id: localStorage.getItem('id_token'),
    expiresAt: Number(localStorage.getItem('expires_at')),
  }))
  expect(stored.access).toBeTruthy()
  expect(stored.id).toBeTruthy()
  expect(stored.expiresAt).toBeGreaterThan(Date.now() + 30 * 60 * 1000)
})

test('a deep link to /main comes back to it after login', async ({ page }) => {
  await page.goto(`${BASE_URL}main`)
  await expect(page).toHaveURL(/\/oidc\/interaction\//)
  await page.getByLabel('Email').fill(ADMIN_EMAIL)
  await page.getByLabel('Password').fill(ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/ads-preview\/main$/)
})

test('a wrong password shows the login page error and signs nobody in', async ({ page }) => {
  await page.goto(BASE_URL)
  await page.getByLabel('Email').fill(ADMIN_EMAIL)
  await page.getByLabel('Password').fill('not-the-password')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText('Wrong email or password.')
  await expect(page).toHaveURL(/\/oidc\/interaction\//)
})

test('logout shows "Logged out successfully." and does not log in again', async ({ page }) => {
  await signIn(page)
  await page.getByRole('button', { name: /Log out/ }).click()
  await expect(page).toHaveURL(/\/ads-preview\/login$/)
  await expect(page.getByText('Logged out successfully.')).toBeVisible()
  // Nothing more happens once the network is quiet: a page that signed in again would be on its way.
  await page.waitForLoadState('networkidle')
  await expect(page).toHaveURL(/\/ads-preview\/login$/)
  expect(
    await page.evaluate(() => [
      localStorage.getItem('access_token'),
      localStorage.getItem('id_token'),
      localStorage.getItem('expires_at'),
    ]),
  ).toEqual([null, null, null])
  await expect(page.locator('.top-bar')).toContainText('Log in')
})

test('a provider error on /validate-token shows "Authentication error" and the code', async ({ page }) => {
  await page.goto(
    `${BASE_URL}validate-token#error=access_denied&error_description=The%20user%20said%20no&state=x`,
  )
  await expect(page.getByRole('heading', { name: 'Authentication error' })).toBeVisible()
  await expect(page.getByText('Error [access_denied]: The user said no')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Please try again' })).toHaveAttribute(
    'href',
    '/ads-preview/login',
  )
  expect(new URL(page.url()).hash).toBe('')
})

test('a callback with the wrong state is refused', async ({ page }) => {
  const transaction = { state: 'S'.repeat(32), nonce: 'N'.repeat(32) }
  await storeTransaction(page, transaction)
  const callback = await providerLogin(page, transaction)
  await page.goto(callback.replace(`state=${transaction.state}`, `state=${'X'.repeat(32)}`))
  await expect(page.getByText('Error [invalid_token]: `state` does not match.')).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull()
})

test('a callback whose id token was issued for another nonce is refused', async ({ page }) => {
  const transaction = { state: 'T'.repeat(32), nonce: 'M'.repeat(32) }
  await storeTransaction(page, { ...transaction, nonce: 'another-nonce-another-nonce-1234' })
  const callback = await providerLogin(page, transaction)
  await page.goto(callback)
  await expect(page.getByText('Error [invalid_token]: `nonce` does not match.')).toBeVisible()
})

test('an id token signed with alg none or HS256 is refused', async ({ page }) => {
  const transaction = { state: 'U'.repeat(32), nonce: 'V'.repeat(32) }
  await storeTransaction(page, transaction)
  const callback = new URL(await providerLogin(page, transaction))
  const fragment = new URLSearchParams(callback.hash.slice(1))
  const [, payload] = fragment.get('id_token')!.split('.')
  for (const header of [{ alg: 'none' }, { alg: 'HS256' }]) {
    await storeTransaction(page, transaction)
    const forged = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${payload}.${header.alg === 'none' ? '' : 'c2lnbmF0dXJl'}`
    fragment.set('id_token', forged)
    await page.goto(`${BASE_URL}validate-token#${fragment}`)
    await expect(page.getByText(/Error \[invalid_token\]/)).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull()
  }
})

test('an expired session is refreshed silently: new tokens, same user, same page', async ({ page }) => {
  await signIn(page)
  const before = await page.evaluate(() => localStorage.getItem('access_token'))
  await page.evaluate(() => localStorage.setItem('expires_at', String(Date.now() - 1000)))
  await page.reload()
  await expect(page.getByText('Drop package.zip here')).toBeVisible()
  await expect.poll(() => page.evaluate(() => localStorage.getItem('access_token'))).not.toBe(before)
  expect(Number(await page.evaluate(() => localStorage.getItem('expires_at')))).toBeGreaterThan(Date.now())
  await expect(page).toHaveURL(/\/ads-preview\/main$/)
  await expect(page.locator('.top-bar')).toContainText(ADMIN_EMAIL)
})

/** Signs in on the provider's hosted page the app has just sent the browser to. */
async function signInOnHostedPage(page: Page) {
  await expect(page).toHaveURL(/\/oidc\/interaction\//)
  await page.getByLabel('Email').fill(ADMIN_EMAIL)
  await page.getByLabel('Password').fill(ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

test('a failed refresh logs out, starts the login again, and comes back to the page it was on', async ({
  page,
}) => {
  await signIn(page)
  await page.goto(`${BASE_URL}tokens`)
  await expect(page.getByRole('heading', { name: 'API tokens' })).toBeVisible()
  // The provider session is gone (its cookies cleared), so prompt=none fails.
  await page.context().clearCookies()
  await page.evaluate(() => localStorage.setItem('expires_at', String(Date.now() - 1000)))
  await page.reload()
  await expect(page).toHaveURL(/\/oidc\/interaction\//)
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull()
  await signInOnHostedPage(page)
  await expect(page).toHaveURL(/\/ads-preview\/tokens$/)
  await expect(page.locator('.top-bar')).toContainText(`${ADMIN_EMAIL} - Log out`)
})

test('signed out in another tab: this one follows to /login, and Log in brings it back', async ({ page }) => {
  await signIn(page)
  await page.goto(`${BASE_URL}tokens`)
  await expect(page.getByRole('heading', { name: 'API tokens' })).toBeVisible()
  const other = await page.context().newPage()
  await other.goto(`${BASE_URL}main`)
  await other.getByRole('button', { name: /Log out/ }).click()
  await expect(other.getByText('Logged out successfully.')).toBeVisible()

  // No call refused as "Not signed in" under a top bar that still shows the email.
  await expect(page).toHaveURL(/\/ads-preview\/login$/)
  await expect(page.locator('.top-bar')).not.toContainText(ADMIN_EMAIL)
  await page.screenshot({ path: `.tmp/screens/signed-out-elsewhere-${page.viewportSize()?.width}.png` })
  await page.getByRole('button', { name: 'Log in' }).click()
  await signInOnHostedPage(page)
  await expect(page).toHaveURL(/\/ads-preview\/tokens$/)
  await expect(page.locator('.top-bar')).toContainText(`${ADMIN_EMAIL} - Log out`)
})

test('an unknown path shows 404 with a way back', async ({ page }) => {
  await page.goto(`${BASE_URL}no-such-page`)
  await expect(page.getByRole('heading', { name: '404: not found' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/ads-preview/main')
})
