// The list for keyboard and screen-reader users: accessible names that tell versions apart, the
// preview dialog's name and copied link, focus given back by every dialog, Retry after a failed fetch,
// a layout that uses the width and fits a phone with a long address. At both widths.
import { spawnSync } from 'node:child_process'
import { expect, test } from '@playwright/test'
import { validPackage } from '../fixtures/packages.ts'
import { choose, row, uniqueName } from '../helpers/package-screen.ts'
import { VIEWPORTS } from '../helpers/screen-checks.ts'
import { signIn } from '../helpers/sign-in.ts'
import { E2E_DATA_DIR } from './env.ts'

const LONG_EMAIL = 'firstname.middlename.lastname-qa@advertising-operations.example.com'
const LONG_EMAIL_PASSWORD = 'long-address-password-1'

test.beforeAll(() => {
  // A teammate with a long address, added as an operator would (the users command); when another
  // worker added them first, setting the same password again is enough.
  const users = (...args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'server/commands/users/users-cli.ts', ...args], {
      env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
      encoding: 'utf8',
    })
  if (users('add', LONG_EMAIL, LONG_EMAIL_PASSWORD).status === 0) return
  const again = users('passwd', LONG_EMAIL, LONG_EMAIL_PASSWORD)
  if (again.status !== 0) throw new Error(again.stderr)
})

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })

    test('two versions: names that tell them apart, the preview dialog names one and copies its link, focus comes back', async ({
      page,
      context,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'])
      await signIn(page)
      const name = uniqueName('versions')
      await choose(page, name, validPackage())
      await expect(row(page, name)).toHaveCount(1)
      await choose(page, name, validPackage('two'))
      await page.getByRole('button', { name: 'Keep both' }).click()
      await expect(row(page, name)).toHaveCount(2)

      const list = page.locator('.package-table')
      for (const control of ['Preview', 'Download', 'Delete']) {
        await expect(
          list.getByRole(control === 'Download' ? 'link' : 'button', {
            name: `${control} ${name}`,
            exact: true,
          }),
        ).toHaveCount(1)
        await expect(
          list.getByRole(control === 'Download' ? 'link' : 'button', {
            name: `${control} ${name} (version 2)`,
            exact: true,
          }),
        ).toHaveCount(1)
      }

      const opener = list.getByRole('button', { name: `Preview ${name} (version 2)`, exact: true })
      await opener.click()
      const dialog = page.getByRole('dialog', { name: 'Preview' })
      await expect(dialog.getByTestId('preview-subject')).toHaveText(`${name} (2)`)
      await dialog.getByRole('button', { name: 'Copy link' }).click()
      await expect(dialog.getByRole('status')).toHaveText('Preview link copied.')
      const uuid = await row(page, name).first().getAttribute('data-uuid')
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `${new URL(page.url()).origin}/ads-preview/preview/${uuid}/index.html`,
      )
      await page.keyboard.press('Escape')
      await expect(dialog).toHaveCount(0)
      await expect(opener).toBeFocused()

      const trash = list.getByRole('button', { name: `Delete ${name} (version 2)`, exact: true })
      await trash.click()
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click()
      await expect(trash).toBeFocused()
      await trash.focus()
      await page.keyboard.press('Enter')
      await page.keyboard.press('Escape')
      await expect(trash).toBeFocused()
    })

    test('delete asks first, then offers Undo, which brings the package back with focus on its Delete button', async ({
      page,
    }) => {
      await signIn(page)
      const name = uniqueName('undo')
      await choose(page, name, validPackage())
      await expect(row(page, name)).toHaveCount(1)
      const uuid = await row(page, name).getAttribute('data-uuid')
      await row(page, name)
        .getByRole('button', { name: `Delete ${name}` })
        .click()
      // The spec's confirmation stays.
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
      await expect(row(page, name)).toHaveCount(0)
      const toast = page.getByTestId('undo-toast')
      await expect(toast).toContainText(`Deleted ${name}.`)
      const undo = toast.getByRole('button', { name: 'Undo' })
      await expect(undo).toBeFocused()
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      )
      await page.keyboard.press('Enter')
      await expect(row(page, name)).toHaveCount(1)
      await expect(row(page, name)).toHaveAttribute('data-uuid', uuid!)
      await expect(page.locator('.toast-region')).toContainText(`Restored ${name}.`)
      await expect(row(page, name).getByRole('button', { name: `Delete ${name}` })).toBeFocused()
      // Restored for real: a fresh page lists it.
      await page.reload()
      await expect(row(page, name)).toHaveCount(1)
    })

    test('a new package shows its rendered thumbnail as soon as it is made, without a reload', async ({
      page,
    }) => {
      // Chromium renders the thumbnail: 7.5-8 s beside the suite, 13-16 s on a loaded machine.
      test.setTimeout(40_000)
      await signIn(page)
      const name = uniqueName('thumbnail')
      await choose(page, name, validPackage())
      const image = row(page, name).locator('td.thumb img')
      await expect(image).toHaveAttribute('src', /\/thumbnails\/[^?]+$/)
      await expect(image).toHaveAttribute('src', /\?rendered=1$/, { timeout: 30_000 })
      await expect
        .poll(() =>
          image.evaluate((img: HTMLImageElement) => [img.complete, img.naturalWidth, img.naturalHeight]),
        )
        .toEqual([true, 120, 156])
    })

    test('a failed fetch offers Retry, which lists the packages', async ({ page }) => {
      await signIn(page)
      const name = uniqueName('retry')
      await choose(page, name, validPackage())
      await expect(row(page, name)).toHaveCount(1)
      let failing = true
      await page.route('**/ads-preview/trpc/packages.list**', (route) =>
        failing ? route.fulfill({ status: 503, body: 'down for maintenance' }) : route.continue(),
      )
      await page.reload()
      const box = page.locator('.banner.error')
      await expect(box).toContainText('Failed to fetch packages')
      failing = false
      await box.getByRole('button', { name: 'Retry' }).click()
      await expect(row(page, name)).toHaveCount(1)
      await expect(box).toHaveCount(0)
    })

    test('the layout: one line per header and date on a wide screen, nothing sideways on a phone with a long address', async ({
      page,
    }) => {
      await signIn(page, '/main', { email: LONG_EMAIL, password: LONG_EMAIL_PASSWORD })
      await expect(page.locator('.top-bar')).toContainText(`${LONG_EMAIL} - Log out`)
      const name = uniqueName('a-rather-long-campaign-name-for-the-spring-sale-interstitial-portrait')
      await choose(page, name, validPackage())
      await expect(row(page, name)).toHaveCount(1)
      const lines = (selector: string) =>
        page.locator(selector).evaluateAll((cells) =>
          cells.map((cell) => {
            const style = getComputedStyle(cell)
            const range = document.createRange()
            range.selectNodeContents(cell)
            return Math.round(range.getBoundingClientRect().height / Number.parseFloat(style.lineHeight))
          }),
        )
      if (viewport.name === 'desktop') {
        for (const count of await lines('.package-table th')) expect(count).toBeLessThanOrEqual(1)
        for (const count of await lines('.package-table td.created-at time')) expect(count).toBe(1)
        for (const count of await lines('.package-table td.file-size')) expect(count).toBe(1)
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      )
      // Every control of a row is on screen, none cut off by the table's edge.
      for (const control of await row(page, name).locator('.row-actions > *').all()) {
        const box = await control.boundingBox()
        expect(box!.x + box!.width, await control.innerText()).toBeLessThanOrEqual(viewport.width)
      }
      // The whole address and ' - Log out' are on screen.
      const logout = await page.getByRole('button', { name: /Log out/ }).boundingBox()
      expect(logout!.x + logout!.width).toBeLessThanOrEqual(viewport.width)
      const email = page.locator('.top-bar .email')
      expect(await email.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    })
  })
}
