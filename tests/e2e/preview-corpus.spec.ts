// Real MRAID creatives of ../shared/corpus running in the workbench's host: they report their
// own checks in their own UI (the IAB load-and-events ad: iab-compliance.spec.ts). Skipped when the corpus folder is absent (a user's clone).
import fs from 'node:fs'
import path from 'node:path'
import { expect, type Page, test } from '@playwright/test'
import { signIn } from '../helpers/sign-in.ts'
import { CORPUS_DIR, WORKBENCH_VIEWPORT } from './env.ts'

test.skip(!fs.existsSync(CORPUS_DIR), 'the real-world corpus (../shared/corpus) is not here')
// A real creative in the workbench: 7-8 s beside the suite, 12-16 s on a loaded machine.
test.describe.configure({ timeout: 35_000 })

async function openInWorkbench(page: Page, corpusName: string) {
  await page.setViewportSize(WORKBENCH_VIEWPORT)
  await signIn(page)
  const name = `${corpusName}-${Date.now()}.zip`
  await page.locator('input[type=file]').setInputFiles({
    name,
    mimeType: 'application/zip',
    buffer: fs.readFileSync(path.join(CORPUS_DIR, `${corpusName}.zip`)),
  })
  const row = page.locator('tbody tr').filter({ hasText: name })
  await expect(row).toHaveCount(1)
  await page.goto(`workbench/${await row.getAttribute('data-uuid')}`)
  await expect(page.getByTestId('mraid-state')).toHaveText('default')
  return page.frameLocator('.screen iframe')
}

test('the IAB MRAID 3.0 viewability ad finds a MRAID 3 environment and charts exposure', async ({ page }) => {
  const ad = await openInWorkbench(page, 'iab-mraid3-viewability')
  await expect(ad.locator('body')).not.toContainText('not MRAIDV3 Compatible')
  await expect(ad.locator('canvas').first()).toBeVisible()
  // Exposure changes from the workbench reach the ad's listener.
  await page.getByLabel(/Exposure/).fill('40')
  await expect(page.getByTestId('workbench-console')).toContainText('exposureChange(40')
})

test('the MRAID 2.0 web tester full-page interstitial runs in the host and calls MRAID', async ({ page }) => {
  const ad = await openInWorkbench(page, 'webtester-fullpage-interstitial')
  await expect(page.getByTestId('workbench-console')).toContainText('mraid.')
  await expect(ad.locator('body')).toBeVisible()
  await expect(ad.locator('body')).not.toBeEmpty()
})
