// API tokens as a person manages them (for scripts and CI jobs): made on the API tokens page, the
// secret shown once, used by a script (plain HTTP, no browser session) on the REST API, revoked on
// the page and refused at the script's next call. The page passes the screen checks at 1440 and 390
// px.
import { expect, test } from '@playwright/test'
import { expectScreenOk, VIEWPORTS } from '../helpers/screen-checks.ts'
import { signIn } from '../helpers/sign-in.ts'
import { BASE_URL } from './env.ts'

for (const viewport of VIEWPORTS) {
  test(`a token is made, used by a script and revoked at ${viewport.width} px`, async ({ page, request }) => {
    // Two screens through axe twice: 5-6 s measured beside the suite, 11-19 s on a loaded machine.
    test.setTimeout(45_000)
    await page.setViewportSize({ width: viewport.width, height: viewport.height })
    await signIn(page)
    await page.getByRole('link', { name: 'API tokens' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'API tokens' })).toBeVisible()
    await expectScreenOk(page, '/tokens')

    const name = `CI job ${viewport.width} ${Date.now()}`
    await page.getByLabel('Name').fill(name)
    await page.getByLabel('Read and write').check()
    await page.getByRole('button', { name: 'Create token' }).click()
    const secret = (await page.locator('.new-secret .secret').textContent()) ?? ''
    expect(secret).toMatch(/^adp_[A-Za-z0-9_-]{43}$/)
    await expect(page.getByText('copy this token now, it is not shown again.')).toBeVisible()
    const item = page.locator('.token', { hasText: name })
    await expect(item).toContainText('Read and write')
    await expect(item).toContainText('last used never')
    await expectScreenOk(page, '/tokens with a new token')
    await page.screenshot({ path: `.tmp/screens/api-tokens-${viewport.width}.png`, fullPage: true })

    const script = { Authorization: `Bearer ${secret}` }
    const listed = await request.get(`${BASE_URL}api/packages`, { headers: script })
    expect(listed.status()).toBe(200)
    await page.reload()
    await expect(item).not.toContainText('last used never')

    await item.getByRole('button', { name: `Revoke ${name}` }).click()
    await expect(item).toHaveCount(0)
    expect((await request.get(`${BASE_URL}api/packages`, { headers: script })).status()).toBe(401)
  })
}
