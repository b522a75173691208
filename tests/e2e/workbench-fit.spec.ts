// The workbench shows the whole device in the window, portrait and landscape, at 1440 and 390 px
// (the frame was cut off at the bottom in portrait and on the right in landscape), with the
// device's safe area (camera cutout, home indicator) drawn over it where the phone has it.
import { expect, test } from '@playwright/test'
import { validPackage } from '../fixtures/packages.ts'
import { uploadOverHttp } from '../helpers/http-upload.ts'
import { uniqueName } from '../helpers/package-screen.ts'
import { expectScreenOk, VIEWPORTS } from '../helpers/screen-checks.ts'
import { accessToken, signIn } from '../helpers/sign-in.ts'
import { ORIGIN } from './env.ts'

// The workbench in both orientations and axe: 6-10 s beside the suite, 23-27 s on a loaded machine.
test.describe.configure({ timeout: 45_000 })

for (const viewport of VIEWPORTS) {
  test(`the device fits the window at ${viewport.width} px, portrait and landscape`, async ({ page }) => {
    await page.setViewportSize(viewport)
    await signIn(page)
    const upload = await uploadOverHttp(
      `${ORIGIN}/ads-preview`,
      await accessToken(page),
      uniqueName('fit'),
      validPackage(),
    )
    await page.goto(`workbench/${upload.uuid}`)
    await expect(page.getByTestId('mraid-state')).toHaveText('default')
    for (const landscape of [false, true]) {
      await page.getByLabel('Landscape').setChecked(landscape)
      const fit = page.getByTestId('device-fit')
      await fit.scrollIntoViewIfNeeded()
      const box = (await fit.boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width, 'the device ends inside the window').toBeLessThanOrEqual(viewport.width)
      expect(box.height, 'the device is no taller than the window').toBeLessThanOrEqual(viewport.height)
      // The iPhone 15's safe area drawn over the screen: its insets, at the scale the device is shown.
      const overlay = page.getByTestId('safe-area-overlay')
      const screen = (await overlay.boundingBox())!
      const scale = screen.width / (landscape ? 852 : 393)
      const insets = landscape
        ? { top: 0, right: 59, bottom: 21, left: 59 }
        : { top: 59, right: 0, bottom: 34, left: 0 }
      for (const [side, inset] of Object.entries(insets)) {
        const band = overlay.locator(`.inset-${side}`)
        if (inset === 0) {
          await expect(band, `no ${side} inset`).toHaveCount(0)
          continue
        }
        const drawn = (await band.boundingBox())!
        const across = side === 'top' || side === 'bottom' ? drawn.height : drawn.width
        expect(Math.abs(across - inset * scale), `the ${side} inset, ${inset} px at ${scale}`).toBeLessThan(
          1.5,
        )
      }
      await expect(overlay.locator(landscape ? '.cutout-left' : '.cutout-top')).toBeVisible()
      await expect(overlay.locator(`.home-indicator-${landscape ? 'landscape' : 'portrait'}`)).toBeVisible()
      await page.screenshot({
        path: `.tmp/screens/workbench-${viewport.width}-${landscape ? 'landscape' : 'portrait'}.png`,
        fullPage: true,
      })
    }
    await expectScreenOk(page, `the workbench at ${viewport.width} px`)
  })
}
