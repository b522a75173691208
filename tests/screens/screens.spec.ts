// The main screens at both widths, written to docs/screenshots/ (SCREENSHOT_DIR overrides).
// `npm run screenshots` regenerates them against a fresh server; the README links them.
import fs from 'node:fs'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { packageWithoutMraid, validPackage } from '../fixtures/packages.ts'
import { signIn } from '../helpers/sign-in.ts'

const DIR = process.env.SCREENSHOT_DIR ?? 'docs/screenshots'
const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const

test.describe.configure({ mode: 'serial' })
fs.mkdirSync(DIR, { recursive: true })

async function shoot(page: Page, name: string, width: number, fullPage = false) {
  await page.screenshot({ path: path.join(DIR, `${name}-${width}.png`), fullPage })
}

async function choose(page: Page, name: string, bytes: Uint8Array) {
  await page
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'application/zip', buffer: Buffer.from(bytes) })
}

const NAMES = [
  'spring-sale-320x50.zip',
  'summer-campaign-interstitial-portrait-320x480.zip',
  'holiday-2026-mrec-300x250.zip',
  'black-friday-expandable-banner.zip',
  'app-install-playable-v3.zip',
]

for (const viewport of VIEWPORTS) {
  test(`screens at ${viewport.width} px`, async ({ page }) => {
    test.setTimeout(120_000)
    await page.setViewportSize(viewport)
    await page.goto('no-such-page')
    await shoot(page, 'not-found', viewport.width)
    await page.goto('validate-token#error=access_denied&error_description=The%20user%20cancelled&state=x')
    await expect(page.getByText('Authentication error')).toBeVisible()
    await shoot(page, 'validate-token-error', viewport.width)

    await signIn(page)
    if (viewport.name === 'desktop') await shoot(page, 'main-empty', viewport.width)
    if (viewport.name === 'desktop') {
      for (const name of NAMES) {
        await choose(page, name, validPackage(name))
        await expect(page.locator('tbody tr').filter({ hasText: name }).first()).toBeVisible()
      }
      await choose(page, NAMES[2]!, validPackage('again'))
      await page.getByRole('button', { name: 'Keep both' }).click()
      await expect(page.locator('tbody tr strong.version').first()).toBeVisible()
    } else {
      await page.reload()
    }
    await expect(page.locator('tbody tr').first()).toBeVisible()
    await page.waitForTimeout(1500) // thumbnails
    await shoot(page, 'main-list', viewport.width, true)

    await choose(page, NAMES[0]!, validPackage('conflict'))
    await expect(page.getByText('Filename already exists:')).toBeVisible()
    await shoot(page, 'upload-conflict', viewport.width)
    await page.keyboard.press('Escape')

    await choose(
      page,
      'no-mraid-https-cdn.example.com-campaigns-2026-spring-creative-assets-final.zip',
      packageWithoutMraid(),
    )
    await expect(page.locator('.banner.warning')).toBeVisible()
    await shoot(page, 'upload-invalid', viewport.width)

    await page
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: /^Preview/ })
      .click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await shoot(page, 'preview-dialog', viewport.width)
    await page.keyboard.press('Escape')

    await page
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: /^Delete/ })
      .click()
    await expect(page.getByRole('alertdialog')).toBeVisible()
    await shoot(page, 'delete-confirm', viewport.width)
    await page.keyboard.press('Escape')

    const uuid = await page.locator('tbody tr').first().getAttribute('data-uuid')
    await page.goto(`workbench/${uuid}`)
    await expect(page.getByTestId('mraid-state')).toHaveText('default')
    await shoot(page, 'workbench', viewport.width, true)

    await page.goto('main')
    await page.getByRole('button', { name: /Log out/ }).click()
    await expect(page.getByText('Logged out successfully.')).toBeVisible()
    await shoot(page, 'login', viewport.width)
  })
}
