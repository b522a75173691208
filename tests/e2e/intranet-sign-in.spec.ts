// Sign-in at a plain-http address that is not localhost (an intranet install): PUBLIC_URL is
// http://ads.intranet:<port>, which Chromium resolves to 127.0.0.1 by its host-resolver rules
// (nothing leaves the machine). The page is not a secure context there, so it has no WebCrypto:
// the token checks and the PKCE challenge must do without. Two servers, one per AUTH_FLOW, with
// AUTH_ALLOWED_EMAIL_DOMAINS=example.com and a member outside it, who gets the "No access" page.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type Browser, chromium, expect, type Page, test } from '@playwright/test'
import { CHROMIUM_ARGS } from '../../server/platform/renderer/chromium.ts'
import { type ProductProcess, SOURCE_SERVER, startProductProcess } from '../helpers/product-process.ts'
import { ADMIN_EMAIL, ADMIN_PASSWORD, E2E_PORT } from './env.ts'

test.skip(!!process.env.E2E_BINARY, 'runs against the source server (the binary has its own walk)')

const HOST = 'ads.intranet'
const OUTSIDER = { email: 'outsider@elsewhere.test', password: 'outsider-password-1' }
const ROOT = path.resolve(import.meta.dirname, '../..')
const servers: Record<'implicit' | 'code', { product: ProductProcess; base: string; dataDir: string }> =
  {} as never
let browser: Browser

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  // Two products from source side by side, and a user added to each: most of the file's time.
  test.setTimeout(60_000)
  await Promise.all(
    (['implicit', 'code'] as const).map(async (flow) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ads-preview-intranet-${flow}-`))
      const product = await startProductProcess({
        command: SOURCE_SERVER,
        env: (port) => ({
          PUBLIC_URL: `http://${HOST}:${port}`,
          DATA_DIR: dataDir,
          CLIENT_DIR: path.join(ROOT, `.tmp/e2e-${E2E_PORT}/client`),
          ADMIN_EMAIL,
          ADMIN_PASSWORD,
          AUTH_FLOW: flow,
          AUTH_ALLOWED_EMAIL_DOMAINS: 'example.com',
          CHROMIUM_PATH: '/nonexistent',
        }),
      })
      const added = spawnSync(
        SOURCE_SERVER[0],
        [
          ...SOURCE_SERVER.slice(1, -1),
          path.join(ROOT, 'server/commands/users/users-cli.ts'),
          'add',
          OUTSIDER.email,
          OUTSIDER.password,
        ],
        { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
      )
      expect(added.status, added.stderr).toBe(0)
      servers[flow] = { product, base: `http://${HOST}:${product.port}/ads-preview/`, dataDir }
    }),
  )
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--host-resolver-rules=MAP ${HOST} 127.0.0.1`],
  })
})

test.afterAll(async () => {
  await browser?.close()
  for (const { product, dataDir } of Object.values(servers)) {
    await product.stop()
    product.killAll()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
})

async function signInOnLoginPage(page: Page, base: string, who: { email: string; password: string }) {
  await page.goto(base)
  await expect(page).toHaveURL(new RegExp(`^http://${HOST}:\\d+/ads-preview/oidc/interaction/`))
  await page.getByLabel('Email').fill(who.email)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

for (const flow of ['implicit', 'code'] as const) {
  test(`AUTH_FLOW=${flow}: signs in at http://${HOST}, where the page has no WebCrypto`, async () => {
    const page = await browser.newPage()
    const { base } = servers[flow]
    await signInOnLoginPage(page, base, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
    await expect(page).toHaveURL(`${base}main`)
    await expect(page.locator('.top-bar')).toContainText(`${ADMIN_EMAIL} - Log out`)
    await expect(page.getByText('Drop package.zip here')).toBeVisible()
    // What the test names: not a secure context, no crypto.subtle, and yet signed in.
    expect(await page.evaluate(() => [window.isSecureContext, typeof crypto.subtle])).toEqual([
      false,
      'undefined',
    ])
    // The API answered: the list query went through (an empty list hides the 'Packages' heading).
    await expect(page.getByText('Failed to fetch packages')).toHaveCount(0)
    await page.close()
  })
}

test('a member outside AUTH_ALLOWED_EMAIL_DOMAINS sees why, can switch accounts, and is never looped', async () => {
  const page = await browser.newPage()
  const { base } = servers.implicit
  await signInOnLoginPage(page, base, OUTSIDER)
  const refusal = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'No access' }) })
  await expect(refusal).toContainText(
    'Only verified email addresses at example.com may use this Ads Preview.',
  )
  await expect(refusal).toContainText(`Signed in as ${OUTSIDER.email}.`)
  await expect(page.locator('.top-bar')).toContainText(`${OUTSIDER.email} - Log out`)
  // No loop: the page stays where it is once the network is quiet (a loop would be on its way).
  const url = page.url()
  await page.waitForLoadState('networkidle')
  expect(page.url()).toBe(url)
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.screenshot({ path: `.tmp/screens/no-access-${width}.png`, fullPage: true })
  }
  await refusal.getByRole('button', { name: 'Sign in with another account' }).click()
  await expect(page).toHaveURL(`${base}login`)
  await expect(page.getByText('Logged out successfully.')).toBeVisible()
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.getByLabel('Email').fill(ADMIN_EMAIL)
  await page.getByLabel('Password').fill(ADMIN_PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(`${base}main`)
  await expect(page.locator('.top-bar')).toContainText(`${ADMIN_EMAIL} - Log out`)
  await page.close()
})
