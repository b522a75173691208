// Accessibility: every screen at 1440 and 390 px passes axe with nothing serious or critical,
// has one level-one heading and no sideways scroll; the skip link and the focus ring work.
import { expect, test } from '@playwright/test'
import { packageWithoutMraid, validPackage } from '../fixtures/packages.ts'
import { choose, row, uniqueName } from '../helpers/package-screen.ts'
import { expectScreenOk, focusRingContrast, seriousViolations, VIEWPORTS } from '../helpers/screen-checks.ts'
import { seedPackage } from '../helpers/seed-package.ts'
import { signIn } from '../helpers/sign-in.ts'
import { BASE_URL } from './env.ts'

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })
    // axe takes one to three seconds a screen: 7-8 s a test beside the suite (the signed-in walk
    // these tests split took 29-41 s), and 16-37 s on a loaded machine.
    test.describe.configure({ timeout: 60_000 })

    test('signed out: 404, the callback error, the hosted login and /login after logout', async ({
      page,
    }) => {
      await page.goto(`${BASE_URL}no-such-page`)
      await expect(page.getByRole('heading', { level: 1, name: '404: not found' })).toBeVisible()
      await expectScreenOk(page, '404')
      await page.goto(`${BASE_URL}validate-token#error=access_denied&error_description=No&state=x`)
      await expect(page.getByRole('heading', { level: 1, name: 'Authentication error' })).toBeVisible()
      await expectScreenOk(page, '/validate-token (error)')
      await page.goto(BASE_URL)
      await expect(page.getByLabel('Email')).toBeVisible()
      await expectScreenOk(page, 'the hosted login')
      await signIn(page)
      await page.getByRole('button', { name: /Log out/ }).click()
      await expect(page.getByText('Logged out successfully.')).toBeVisible()
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectScreenOk(page, '/login')
    })

    test('signed in: the list, the name question and a failed validation', async ({ page }) => {
      await signIn(page)
      const name = uniqueName('a11y')
      await choose(page, name, validPackage())
      await expect(row(page, name)).toHaveCount(1)
      await expectScreenOk(page, '/main')

      await choose(page, name, validPackage('again'))
      await expect(page.getByTestId('filename-exists-dimmer')).toBeVisible()
      await expectScreenOk(page, 'the name question')
      await page.keyboard.press('Escape')

      await choose(page, uniqueName('invalid'), packageWithoutMraid())
      await expect(page.locator('.banner.warning')).toBeVisible()
      await expectScreenOk(page, 'a failed validation')
    })

    test('signed in: the preview dialog, the delete confirmation and the Undo offer', async ({ page }) => {
      await signIn(page)
      const { name } = await seedPackage(page, 'a11y-dialogs', validPackage())
      await page.goto(`${BASE_URL}main?search=${encodeURIComponent(name)}`)
      await row(page, name)
        .getByRole('button', { name: /^Preview/ })
        .click()
      await expect(page.getByRole('dialog', { name: 'Preview' })).toBeVisible()
      await expectScreenOk(page, 'the preview dialog')
      await page.keyboard.press('Escape')

      await row(page, name)
        .getByRole('button', { name: /^Delete/ })
        .click()
      await expect(page.getByRole('alertdialog')).toBeVisible()
      await expectScreenOk(page, 'the delete confirmation')
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
      await expect(page.getByTestId('undo-toast')).toBeVisible()
      await expectScreenOk(page, 'the Undo offer')
      await page.getByTestId('undo-toast').getByRole('button', { name: 'Undo' }).click()
      await expect(row(page, name)).toHaveCount(1)
    })

    test('signed in: the workbench, with a console long enough to scroll', async ({ page }) => {
      await signIn(page)
      const { uuid } = await seedPackage(page, 'a11y-workbench', validPackage())
      await page.goto(`${BASE_URL}workbench/${uuid}`)
      await expect(page.getByTestId('mraid-state')).toHaveText('default')
      // A console long enough to scroll: a scrollable region must be reachable by keyboard.
      const consoleLog = page.getByTestId('workbench-console')
      for (let i = 0; i < 8; i++) await page.getByRole('button', { name: 'Reload ad' }).click()
      await expect.poll(() => consoleLog.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true)
      // The workbench is wider than a phone by design (a 390 px device in its frame): axe and
      // the heading are checked there, not the width.
      expect(await seriousViolations(page), 'axe on the workbench').toEqual([])
      await expect(page.locator('h1')).toHaveCount(1)
    })
  })
}

test('the skip link is the first stop and leads to the content; the focus ring stands out 3:1 wherever it lands', async ({
  page,
}) => {
  await signIn(page)
  const name = uniqueName('ring')
  await choose(page, name, validPackage())
  await expect(row(page, name)).toHaveCount(1)
  await page.reload()
  await expect(row(page, name)).toHaveCount(1)
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  expect((await focusRingContrast(page)).ratio).toBeGreaterThanOrEqual(3)
  await page.keyboard.press('Enter')
  await expect(page.locator('main#content')).toBeFocused()
  // The next stop is the drop zone, not the top bar.
  await page.keyboard.press('Tab')
  await expect(page.locator('.dropzone')).toBeFocused()

  const stops: string[] = []
  for (let i = 0; i < 6; i++) {
    const ring = await focusRingContrast(page)
    stops.push(`${ring.outline} on ${ring.behind}: ${ring.ratio.toFixed(2)}`)
    expect(ring.ratio, stops.join('\n')).toBeGreaterThanOrEqual(3)
    await page.keyboard.press('Tab')
  }
  await choose(page, name, validPackage('again'))
  await expect(page.getByRole('button', { name: 'Keep both' })).toBeFocused()
  await page.keyboard.press('Tab') // past the initial focus, so the ring is the keyboard's
  await page.keyboard.press('Shift+Tab')
  expect((await focusRingContrast(page)).ratio).toBeGreaterThanOrEqual(3)
})
