// Upload feedback: every drop starts clean, the file is named while it uploads, success says so
// and marks the new row, the name question adds no failure wording and keeps focus, each issue is
// listed once with its severity in words. At both widths.
import { expect, test } from '@playwright/test'
import { validPackage, zipOf } from '../fixtures/packages.ts'
import { choose, focusIsIn, row, uniqueName } from '../helpers/package-screen.ts'
import { VIEWPORTS } from '../helpers/screen-checks.ts'
import { signIn } from '../helpers/sign-in.ts'

const LONG_URL =
  'http://cdn.example-ad-server.com/campaigns/2026/spring-sale/creative-assets/final-approved/v3/main-bundle.min.js'
/** Refused (no mraid.js), with two warnings: a long URL over plain http, another server over https. */
const FLAWED = zipOf({
  'index.html': `<script src="${LONG_URL}"></script><img src="https://images.example.com/a.png">`,
})

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })
    test.beforeEach(async ({ page }) => signIn(page))
    // Two or three uploads a test: 3-7 s beside the suite, 15-19 s on a loaded machine.
    test.describe.configure({ timeout: 40_000 })

    test('each issue once, with its severity in words; a long URL wraps; the next drop starts clean', async ({
      page,
    }) => {
      await choose(page, uniqueName('flawed'), FLAWED)
      const banner = page.locator('.banner.warning')
      await expect(banner).toContainText('The package is not a valid MRAID creative')
      // The server's line, in the spec's banner (in error colours: it refused), marked as an error in words.
      await expect(banner).toHaveClass(/refused/)
      await expect(banner.locator('li')).toHaveCount(1)
      await expect(banner.locator('li .severity')).toHaveText('Error')
      await expect(banner.locator('li')).toContainText('does not load mraid.js')
      // The warning only the browser's inspection reports, in the card, once.
      const card = page.locator('.hints')
      const external = card.locator('li', { hasText: 'images.example.com' })
      await expect(external).toHaveCount(1)
      await expect(external.locator('.severity')).toHaveText('Warning')
      // A plain-http file is a warning, listed once, in the card.
      await expect(card.locator('li', { hasText: LONG_URL }).locator('.severity')).toHaveText('Warning')
      for (const label of await card.locator('li .severity').allTextContents())
        expect(['Error', 'Warning']).toContain(label)
      const body = (await page.locator('body').innerText()).split(LONG_URL).length - 1
      expect(body, 'the long URL is listed once').toBe(1)
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      )

      await choose(page, 'notes.txt', new TextEncoder().encode('hello'), 'text/plain')
      await expect(page.locator('.banner.error')).toContainText('File type must be')
      await expect(page.locator('.status-text')).toHaveCount(0)
      await expect(banner).toHaveCount(0)
      await expect(card).toHaveCount(0)
      await expect(page.locator('.upload-file')).toHaveCount(0)
    })

    test('the file is named while it uploads; success says so and marks the new row', async ({ page }) => {
      const name = uniqueName('named')
      // The PUT is held until the screen has been read while the upload runs.
      let release = () => {}
      const held = new Promise<void>((resolve) => {
        release = resolve
      })
      await page.route('**/ads-preview/files/upload**', async (route) => {
        await held
        await route.continue()
      })
      await choose(page, name, validPackage())
      await expect(page.locator('.status-text')).toHaveText('Uploading file...')
      await expect(page.locator('.upload-file')).toContainText(name)
      release()
      const success = page.getByTestId('upload-success')
      await expect(success).toContainText(`Uploaded ${name}`)
      await expect(row(page, name)).toHaveClass(/just-added/)
      await expect(row(page, name)).toContainText('New')
      // The spec's reset to idle: no status text is left.
      await expect(page.locator('.status-text')).toHaveCount(0)
      await page.unroute('**/ads-preview/files/upload**')

      const next = uniqueName('next')
      await choose(page, next, validPackage())
      await expect(success).toContainText(`Uploaded ${next}`)
      await expect(success).not.toContainText(name)
      await expect(row(page, name)).not.toHaveClass(/just-added/)
    })

    test('the name question covers the status line, keeps focus on Keep both and inside, then gives it back', async ({
      page,
    }) => {
      const name = uniqueName('question')
      await choose(page, name, validPackage())
      await expect(row(page, name)).toHaveCount(1)
      await choose(page, name, validPackage('again'))
      const dimmer = page.getByTestId('filename-exists-dimmer')
      await expect(dimmer).toContainText(`Filename already exists: ${name}`)
      await expect(dimmer).not.toContainText('failed')
      // The product spec keeps 'Preparing upload failed.' as the state; the dimmer covers it.
      const status = page.locator('.status-text')
      await expect(status).toHaveText('Preparing upload failed.')
      const covered = await status.evaluate((el) => {
        const box = el.getBoundingClientRect()
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)
        return Boolean(top?.closest('[data-testid=filename-exists-dimmer]'))
      })
      expect(covered, 'the status line is under the dimmer').toBe(true)

      await expect(page.getByRole('button', { name: 'Keep both' })).toBeFocused()
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press('Tab')
        expect(await focusIsIn(page, '[data-testid=filename-exists-dimmer]')).toBe(true)
      }
      await page.keyboard.press('Shift+Tab')
      expect(await focusIsIn(page, '[data-testid=filename-exists-dimmer]')).toBe(true)

      await page.getByRole('button', { name: 'Keep both' }).click()
      await expect(row(page, name)).toHaveCount(2)
      await expect.poll(() => focusIsIn(page, '.dropzone'), 'focus is back on the drop zone').toBe(true)

      await choose(page, name, validPackage('third'))
      await expect(dimmer).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(dimmer).toHaveCount(0)
      await expect.poll(() => focusIsIn(page, '.dropzone')).toBe(true)
    })
  })
}
