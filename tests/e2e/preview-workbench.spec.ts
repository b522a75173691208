import { expect, test } from '@playwright/test'
import { zipOf } from '../fixtures/packages.ts'
import { signIn } from '../helpers/sign-in.ts'
import { WORKBENCH_VIEWPORT } from './env.ts'

test.use({ viewport: WORKBENCH_VIEWPORT })

const CREATIVE = `<!doctype html><html><head><meta name="ad.size" content="width=320,height=50">
<script src="mraid.js"></script></head><body style="margin:0;font:14px sans-serif">
<button id="expand">Expand</button><button id="resize">Resize</button><button id="bad">Bad call</button>
<script>
mraid.addEventListener('ready', function () {
  document.getElementById('expand').onclick = function () { mraid.expand() }
  document.getElementById('resize').onclick = function () {
    mraid.setResizeProperties({ width: 320, height: 250, offsetX: 0, offsetY: 0 })
    mraid.resize()
  }
  document.getElementById('bad').onclick = function () { mraid.resize() }
  mraid.addEventListener('viewableChange', function (v) { console.log('viewable is now ' + v) })
})
</script></body></html>`

test('the workbench expands, closes and resizes the creative like an app, and logs what happened', async ({
  page,
}) => {
  await signIn(page)
  const name = `workbench-${Date.now()}.zip`
  await page.locator('input[type=file]').setInputFiles({
    name,
    mimeType: 'application/zip',
    buffer: Buffer.from(zipOf({ 'index.html': CREATIVE, 'unused.txt': 'left over' })),
  })
  const row = page.locator('tbody tr').filter({ hasText: name })
  await expect(row).toHaveCount(1)
  await row.getByRole('button', { name: /^Preview/ }).click()
  await page.getByRole('link', { name: 'Open in the QA workbench' }).click()
  await expect(page).toHaveURL(/\/ads-preview\/workbench\//)

  const state = page.getByTestId('mraid-state')
  const consoleLog = page.getByTestId('workbench-console')
  const iframe = page.locator('.screen iframe')
  const creative = page.frameLocator('.screen iframe')
  await expect(state).toHaveText('default')
  // The declared ad.size is the first preset.
  await expect(page.getByLabel('Size')).toHaveValue('320x50 (ad.size)')
  expect(await iframe.evaluate((el) => [el.clientWidth, el.clientHeight])).toEqual([320, 50])

  await creative.locator('#expand').click()
  await expect(state).toHaveText('expanded')
  await page.screenshot({ path: '.tmp/screens/workbench-expanded.png' })
  await expect(consoleLog).toContainText('mraid.expand()')
  await expect(consoleLog).toContainText('stateChange("expanded")')
  expect(await iframe.evaluate((el) => [el.clientWidth, el.clientHeight])).toEqual([393, 759])
  // Rotating the device does not reload the ad: it hears the new device and its new size.
  await page.getByLabel('Landscape').check()
  await expect(consoleLog).toContainText('landscape: screen 852x393, max 734x372')
  await expect(consoleLog).toContainText('sizeChange(734, 372)')
  await expect(state).toHaveText('expanded')
  expect(
    await creative
      .locator('body')
      .evaluate(() => [
        window.orientation,
        (window as unknown as { mraid: { getScreenSize(): unknown } }).mraid.getScreenSize(),
      ]),
  ).toEqual([90, { width: 852, height: 393 }])
  await page.getByLabel('Landscape').uncheck()
  await expect(consoleLog).toContainText('sizeChange(393, 759)')
  await expect(consoleLog).not.toContainText('reload')
  // The host's 50x50 close region, top right.
  await creative.locator('[data-mraid-close-region]').click()
  await expect(state).toHaveText('default')

  await creative.locator('#resize').click()
  await expect(state).toHaveText('resized')
  await expect.poll(() => iframe.evaluate((el) => [el.clientWidth, el.clientHeight])).toEqual([320, 250])
  await creative.locator('[data-mraid-close-region]').click()
  await expect(state).toHaveText('default')

  await page.getByRole('button', { name: 'Reload ad' }).click()
  await expect(state).toHaveText('default')
  await creative.locator('#bad').click()
  await expect(consoleLog).toContainText('resize: Call setResizeProperties before resize')

  await page.getByLabel('Viewable').uncheck()
  await expect(consoleLog).toContainText('viewableChange(false)')
  await expect(consoleLog).toContainText('console.log: viewable is now false')
  await expect(page.locator('.report')).toContainText('unused.txt is never used by the ad')
})
