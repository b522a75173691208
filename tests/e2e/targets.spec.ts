// Delivery targets where people look. The browser's inspection judges a dropped
// package against the deployment's targets before it is uploaded; the list's Status column has
// the verdict badge from create on (updated when the runtime audit ends), and the workbench the
// matrix, filterable by target.
import { expect, type Page, test } from '@playwright/test'
import { findChromium } from '../../server/platform/renderer/chromium.ts'
import { playablePackage } from '../fixtures/check-packages.ts'
import { zipOf } from '../fixtures/packages.ts'
import { type OwnProduct, startOwnProduct } from '../helpers/own-product.ts'
import { choose, row, uniqueName } from '../helpers/package-screen.ts'
import { expectScreenOk, VIEWPORTS } from '../helpers/screen-checks.ts'
import { signIn } from '../helpers/sign-in.ts'

/**
 * A playable (it calls gameReady) in two files with no CTA: not for AppLovin or Unity, and not
 * Ad Manager's kind (it serves display ads).
 */
const TWO_FILES = zipOf({
  'index.html':
    '<html><head><meta name="ad.size" content="width=320,height=480"><script src="mraid.js"></script><script src="ad.js"></script></head><body>Ad</body></html>',
  'ad.js': "mraid.addEventListener('ready', function () { window.gameReady() })",
})

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })
    test.beforeEach(async ({ page }) => signIn(page))
    // Two uploads and axe: 6-9 s beside the suite, 15-31 s on a loaded machine.
    test.describe.configure({ timeout: 60_000 })

    test('a dropped package shows its verdict per target, with what fails, before the upload ends', async ({
      page,
    }) => {
      await choose(page, uniqueName('two-files'), TWO_FILES)
      const targets = page.locator('.hints .target-verdicts')
      const applovin = targets.locator('[data-target=applovin]')
      await expect(applovin).toContainText('Fails')
      await expect(applovin).toContainText('One HTML file, every asset inlined: 2 (limit: at most 1)')
      await expect(targets.locator('[data-target=google-ad-manager]')).toContainText('Not for this kind')
      await expect(targets.locator('[data-testid=creative-kind]')).toHaveText('Playable')
      await expect(targets.locator('.target-line')).toHaveCount(8)
      await expectScreenOk(page, 'the package screen with target verdicts')
      // Once the package is created its inspection folds to one line: opened for the picture.
      await expect(page.getByTestId('upload-success')).toBeVisible()
      await page.locator('.inspection-fold summary').click()
      await page.locator('.hints').screenshot({ path: `.tmp/screens/targets-hints-${viewport.width}.png` })
    })

    test('the list filters by verdict, over every target or one, beside the ad-size filter and in the address', async ({
      page,
    }) => {
      // Names of this test's own, found by search: other tests add packages to this server.
      const stem = uniqueName('by-target').replace(/\.zip$/, '')
      const twoFiles = `${stem}-two-files.zip`
      const playable = `${stem}-playable.zip`
      await choose(page, twoFiles, TWO_FILES)
      await expect(row(page, twoFiles)).toHaveCount(1)
      await choose(page, playable, playablePackage(viewport.width))
      await expect(row(page, playable)).toHaveCount(1)
      await page.getByRole('searchbox', { name: 'Search' }).fill(stem)
      await expect(page.locator('tbody tr')).toHaveCount(2)

      const verdict = page.getByRole('combobox', { name: 'Verdict' })
      const target = page.getByRole('combobox', { name: 'Target' })
      await expect(target).toBeDisabled()
      await verdict.selectOption({ label: 'Fails' })
      await expect(page.locator('tbody tr')).toHaveCount(1)
      await expect(row(page, twoFiles)).toHaveCount(1)
      await expect(page.getByTestId('package-count')).toContainText('1 of')
      await target.selectOption({ label: 'AppLovin' })
      await expect(page).toHaveURL(/[?&]verdict=fail&target=applovin$/)
      await expect(row(page, twoFiles)).toHaveCount(1)
      await expectScreenOk(page, 'the package list filtered by target')
      await page
        .locator('.packages')
        .screenshot({ path: `.tmp/screens/targets-filter-${viewport.width}.png` })

      await verdict.selectOption({ label: 'Passes' })
      await expect(page.locator('tbody tr')).toHaveCount(1)
      await expect(row(page, playable)).toHaveCount(1)
      await target.selectOption({ label: 'Google Ad Manager HTML5' })
      await expect(page.locator('tbody tr')).toHaveCount(2)
      // The address keeps it: a reload shows the same list.
      await page.reload()
      await expect(verdict).toHaveValue('pass')
      await expect(target).toHaveValue('google-ad-manager')
      await expect(page.locator('tbody tr')).toHaveCount(2)
      await verdict.selectOption({ label: 'Any verdict' })
      await expect(target).toBeDisabled()
      await expect(page).not.toHaveURL(/verdict|target=/)
    })
  })
}

// On a product of its own with a 1 s audit window, so this package's audit is the only one
// queued (the shared e2e server audits nothing: every test's package would queue one, run one at
// a time, and this one waited behind them for more than 90 s in CI). One package, one audit: the
// badge at create, then the audit's end and the matrix, at both widths.
test.describe('the list shows the verdict badge at create, and the workbench the matrix a QA person acts on', () => {
  let own: OwnProduct
  const name = uniqueName('two-files')
  test.beforeAll(async () => {
    own = await startOwnProduct({
      CHROMIUM_PATH: findChromium(process.env.CHROMIUM_PATH) ?? '',
      AUDIT_SECONDS: '1',
    })
  })
  test.afterAll(async () => {
    await own?.remove()
  })
  test.describe.configure({ mode: 'serial' })
  const badgeOf = (page: Page) => row(page, name).locator('.verdict-badge')

  test('the badge says what fails as soon as the row appears', async ({ page }) => {
    await own.signIn(page)
    await page.goto(`${own.product.base}/main`)
    await choose(page, name, TWO_FILES)
    await expect(row(page, name)).toHaveCount(1)
    await expect(badgeOf(page)).toHaveText(/^Fails 3 of 7 targets/)
    await expect(badgeOf(page)).toHaveAttribute('title', /^AppLovin, Unity Ads, Mintegral/)
  })

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width} px: the badge says when the runtime audit is done, and opens the matrix`, async ({
      page,
    }) => {
      // The runtime audit (a 1 s window here) runs in the product's browser at a lower priority
      // (nice 5): 12-15 s from the upload alone, and the first of these tests waits for its end:
      // 24-28 s beside the suite, 43-49 s on a loaded machine.
      test.setTimeout(90_000)
      await page.setViewportSize(viewport)
      await own.signIn(page)
      await page.goto(`${own.product.base}/main`)
      const badge = badgeOf(page)
      await expect(badge).toHaveText(/^Fails 3 of 7 targets/)
      await expect(badge).toHaveAttribute('data-audit', 'done', { timeout: 80_000 })
      await expectScreenOk(page, 'the package list with verdict badges')
      await row(page, name).screenshot({ path: `.tmp/screens/targets-badge-${viewport.width}.png` })

      await badge.click()
      const panel = page.locator('#panel-targets')
      await expect(panel.locator('.audit-line')).toHaveText(/^Runtime audit done/)
      const rows = panel.locator('tbody tr')
      // Fails first.
      await expect(rows.first()).toHaveClass(/fail/)
      await panel.getByRole('button', { name: /^AppLovin/ }).click()
      await expect(panel.getByRole('button', { name: /^AppLovin/ })).toHaveAttribute('aria-pressed', 'true')
      await expect(rows.locator('.cell-target')).toHaveCount(0)
      const single = panel.locator('tr[data-target=applovin][data-rule=single-file]')
      await expect(single.locator('.cell-status')).toHaveText('Fails')
      await expect(single.locator('.cell-figure')).toHaveText('2')
      await expect(single.locator('.cell-limit')).toHaveText('at most 1')
      await expect(single.locator('.cell-source')).toContainText(/checked \d{4}-\d{2}-\d{2}/)
      // Measured by the audit: it made no request outside its package.
      const calls = panel.locator('tr[data-target=applovin][data-rule=network-calls]')
      await expect(calls.locator('.cell-status')).toHaveText('Passes')
      await expect(calls.locator('.cell-figure')).toHaveText('0')
      await expect(panel.locator('tbody tr:not([data-target=applovin])')).toHaveCount(0)
      await panel.getByRole('checkbox', { name: /^Every network/ }).check()
      await expect(panel.locator('.target-chip')).toHaveCount(16)
      await panel.getByRole('button', { name: 'All targets' }).click()
      await expectScreenOk(page, 'the workbench with the delivery-targets matrix')
      await panel.locator('.matrix-scroll').scrollIntoViewIfNeeded()
      await page.screenshot({ path: `.tmp/screens/targets-matrix-${viewport.width}.png` })

      // A user who says it is a display interstitial: the playable networks no longer judge it.
      const kind = panel.getByRole('combobox', { name: 'Kind', exact: true })
      await expect(kind).toHaveValue('playable')
      await kind.selectOption('interstitial')
      await expect(panel.locator('.target-chip.not-for-kind', { hasText: 'AppLovin' })).toHaveCount(1)
      await expect(panel.locator('.creative-kind')).toContainText('set by a user; inferred: Playable')
      // Back to the inferred kind, as the next width expects it.
      await kind.selectOption('playable')
      await expect(panel.locator('.creative-kind')).toContainText('inferred')
      await expect(panel.locator('.target-chip.fail', { hasText: 'AppLovin' })).toHaveCount(1)
    })
  }
})
