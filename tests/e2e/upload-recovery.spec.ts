// After a drop: a connection cut mid-upload offers Retry with the same file; a created package's
// inspection folds to one line, so the list it went first in stays in view. At both widths.
import { expect, test } from '@playwright/test'
import { validPackage } from '../fixtures/packages.ts'
import { choose, row, uniqueName } from '../helpers/package-screen.ts'
import { VIEWPORTS } from '../helpers/screen-checks.ts'
import { signIn } from '../helpers/sign-in.ts'

const STORAGE_PUT = '**/ads-preview/files/upload**'

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })
    // Two uploads: 4 s beside the suite, 9 s on a loaded machine.
    test.describe.configure({ timeout: 30_000 })

    test('a cut upload offers Retry with the same file; once created, the inspection folds', async ({
      page,
    }) => {
      await signIn(page)
      const name = uniqueName('cut')
      let cuts = 1
      await page.route(STORAGE_PUT, (route) =>
        cuts-- > 0 ? route.abort('connectionreset') : route.continue(),
      )
      await choose(page, name, validPackage())
      await expect(page.locator('.status-text')).toHaveText('Uploading failed')
      // Exact: other tests' packages named retry-... have Preview and Delete buttons of that name.
      const retry = page.getByRole('button', { name: 'Retry', exact: true })
      await expect(retry).toBeVisible()
      await page.locator('.upload').screenshot({ path: `.tmp/screens/upload-retry-${viewport.width}.png` })

      await retry.click()
      await expect(page.getByTestId('upload-success')).toContainText(`Uploaded ${name}`)
      await expect(retry).toHaveCount(0)
      await expect(row(page, name)).toHaveCount(1)

      const fold = page.locator('details.inspection-fold')
      await expect(fold).not.toHaveAttribute('open')
      await expect(fold.getByRole('heading', { name: `Inspection of ${name}` })).toBeVisible()
      await expect(page.locator('.hints')).toBeHidden()
      // The new row, first in the list, starts within the first screen (the open card put it
      // about 1,000 px below it at 1440 px).
      expect((await row(page, name).boundingBox())?.y ?? Infinity).toBeLessThan(viewport.height)
      await page.screenshot({ path: `.tmp/screens/upload-folded-${viewport.width}.png` })

      await fold.locator('summary').click()
      await expect(page.locator('.hints .target-verdicts')).toBeVisible()
      await page.screenshot({ path: `.tmp/screens/upload-unfolded-${viewport.width}.png`, fullPage: true })
    })
  })
}
