// Issue 15: delivery targets where people look. The browser's inspection judges a dropped
// package against the deployment's targets before it is uploaded.
import { expect, test } from '@playwright/test'
import { zipOf } from '../fixtures/packages.ts'
import { choose, uniqueName } from '../helpers/package-screen.ts'
import { expectScreenOk, VIEWPORTS } from '../helpers/screen-checks.ts'
import { signIn } from '../helpers/sign-in.ts'

/** A valid MRAID creative in two files with no CTA: fine for Ad Manager, not for AppLovin or Unity. */
const TWO_FILES = zipOf({
  'index.html':
    '<html><head><meta name="ad.size" content="width=320,height=480"><script src="mraid.js"></script><script src="ad.js"></script></head><body>Ad</body></html>',
  'ad.js': "mraid.addEventListener('ready', function () {})",
})

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })
    test.beforeEach(async ({ page }) => signIn(page))

    test('a dropped package shows its verdict per target, with what fails, before the upload ends', async ({
      page,
    }) => {
      await choose(page, uniqueName('two-files'), TWO_FILES)
      const targets = page.locator('.hints .target-verdicts')
      const applovin = targets.locator('[data-target=applovin]')
      await expect(applovin).toContainText('Fails')
      await expect(applovin).toContainText('One HTML file, every asset inlined: 2 (limit: at most 1)')
      await expect(targets.locator('[data-target=google-ad-manager]')).toContainText('Passes')
      await expect(targets.locator('.target-line')).toHaveCount(8)
      await expectScreenOk(page, 'the package screen with target verdicts')
      await page.locator('.hints').screenshot({ path: `.tmp/screens/targets-hints-${viewport.width}.png` })
    })
  })
}
