// The main screens at 1440 and 390 px, written to docs/screenshots/ (SCREENSHOT_DIR overrides)
// against a fresh server: `npm run screenshots` regenerates them, the README links them.
import fs from 'node:fs'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { packageWithoutMraid, validPackage, zipOf } from '../fixtures/packages.ts'
import { choose, row } from '../helpers/package-screen.ts'
import { VIEWPORTS } from '../helpers/screen-checks.ts'
import { signIn } from '../helpers/sign-in.ts'

const DIR = process.env.SCREENSHOT_DIR ?? 'docs/screenshots'

const NAMES = [
  'spring-sale-320x50.zip',
  'summer-campaign-interstitial-portrait-320x480.zip',
  'holiday-2026-mrec-300x250.zip',
  'black-friday-expandable-banner.zip',
  'app-install-playable-v3.zip',
]

const FLAWED = zipOf({
  'index.html':
    '<script src="mraid.js"></script><script src="http://cdn.example-ad-server.com/campaigns/2026/spring-sale/creative-assets/final-approved/v3/main-bundle.min.js"></script>',
})

/** The screen as it is now, at each width (the page keeps its state while it is resized). */
async function shoot(page: Page, name: string, options: { fullPage?: boolean } = {}) {
  for (const viewport of [...VIEWPORTS].reverse()) {
    await page.setViewportSize(viewport)
    await page.waitForTimeout(150)
    await page.screenshot({ path: path.join(DIR, `${name}-${viewport.width}.png`), ...options })
  }
}

test('the main screens at both widths', async ({ page }) => {
  test.setTimeout(240_000)
  fs.mkdirSync(DIR, { recursive: true })
  await page.goto('no-such-page')
  await shoot(page, 'not-found')
  await page.goto('validate-token#error=access_denied&error_description=The%20user%20cancelled&state=x')
  await expect(page.getByText('Authentication error')).toBeVisible()
  await shoot(page, 'validate-token-error')

  await signIn(page)
  await expect(page.locator('.empty-hint')).toBeVisible()
  await shoot(page, 'main-empty')

  for (const name of NAMES) {
    await choose(page, name, validPackage(name))
    await expect(row(page, name)).toHaveCount(1)
  }
  // An upload caught while it runs: its PUT held back for a moment.
  await page.route('**/ads-preview/files/upload**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 4000))
    await route.continue()
  })
  await choose(page, NAMES[2]!, validPackage('again'))
  await page.getByRole('button', { name: 'Keep both' }).click()
  await expect(page.locator('.status-text')).toHaveText('Uploading file...')
  await shoot(page, 'upload-running')
  await expect(page.getByTestId('upload-success')).toBeVisible()
  await page.unroute('**/ads-preview/files/upload**')
  await page.mouse.click(1, 1)
  await shoot(page, 'main-list', { fullPage: true })

  await choose(page, NAMES[0]!, validPackage('conflict'))
  await expect(page.getByText('Filename already exists:')).toBeVisible()
  await shoot(page, 'upload-conflict')
  await page.keyboard.press('Escape')

  await choose(page, 'creative-with-a-plain-http-script.zip', FLAWED)
  await expect(page.locator('.banner.warning')).toBeVisible()
  await shoot(page, 'upload-invalid')
  await choose(page, 'no-mraid.zip', packageWithoutMraid())
  await expect(page.locator('.banner.warning')).toBeVisible()

  const first = page.locator('tbody tr').first()
  await first.getByRole('button', { name: /^Preview/ }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await shoot(page, 'preview-dialog')
  await page.keyboard.press('Escape')

  await first.getByRole('button', { name: /^Delete/ }).click()
  await expect(page.getByRole('alertdialog')).toBeVisible()
  await shoot(page, 'delete-confirm')
  await page.keyboard.press('Escape')

  const uuid = await first.getAttribute('data-uuid')
  await page.goto(`workbench/${uuid}`)
  await expect(page.getByTestId('mraid-state')).toHaveText('default')
  await shoot(page, 'workbench', { fullPage: true })

  await page.goto('main')
  await page.getByRole('button', { name: /Log out/ }).click()
  await expect(page.getByText('Logged out successfully.')).toBeVisible()
  await shoot(page, 'login')
})
