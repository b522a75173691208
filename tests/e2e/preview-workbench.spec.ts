import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import { zipOf } from '../fixtures/packages.ts'
import { signIn } from '../helpers/sign-in.ts'
import { WORKBENCH_VIEWPORT } from './env.ts'

test.use({ viewport: WORKBENCH_VIEWPORT })
// Upload and workbench walks: 9-11 s beside the suite, 17-22 s on a loaded machine.
test.describe.configure({ timeout: 45_000 })

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
  // The reloaded ad's buttons work once its own ready() has come: the state alone cannot tell,
  // it read 'default' before the reload too, and a click on the old frame is lost with it.
  await expect(consoleLog.locator('tr.line.event', { hasText: 'ready()' })).toHaveCount(2)
  await expect(state).toHaveText('default')
  await creative.locator('#bad').click()
  await expect(consoleLog).toContainText('resize: Call setResizeProperties before resize')

  await page.getByLabel('Viewable').uncheck()
  await expect(consoleLog).toContainText('viewableChange(false)')
  await expect(consoleLog).toContainText('console.log: viewable is now false')
  await expect(page.locator('.report')).toContainText('unused.txt is never used by the ad')
})

test('the console keeps the newest line in view, times every line, filters by kind, and saves what it shows', async ({
  page,
}) => {
  await signIn(page)
  const name = `console-${Date.now()}.zip`
  // A creative that logs a line every 20 ms: the console overflows at once.
  const chatty = `<!doctype html><script src="mraid.js"></script><script>
var n = 0; setInterval(function () { console.log('line ' + (n++)) }, 20)</script>`
  await page.locator('input[type=file]').setInputFiles({
    name,
    mimeType: 'application/zip',
    buffer: Buffer.from(zipOf({ 'index.html': chatty })),
  })
  const row = page.locator('tbody tr').filter({ hasText: name })
  await expect(row).toHaveCount(1)
  await page.goto(`workbench/${await row.getAttribute('data-uuid')}`)
  const consoleLog = page.getByTestId('workbench-console')
  // Sixty lines are 1.2 s of the creative's clock; its frame took past 5 s to start on a loaded machine.
  await expect(consoleLog).toContainText('console.log: line 60', { timeout: 15_000 })
  // The newest line is in view: the region is scrolled to its end.
  expect(await consoleLog.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight)).toBeLessThan(30)
  await expect(consoleLog.locator('tr.line').first().locator('.time')).toHaveText(/^\+\d+\.\d{3} s$/)

  await page.getByRole('checkbox', { name: 'console', exact: true }).uncheck()
  await expect(consoleLog.locator('tr.console')).toHaveCount(0)
  await expect(consoleLog.locator('tr.event').first()).toBeVisible()

  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Save' }).click()
  const saved = await download
  expect(saved.suggestedFilename()).toBe(`${name.replace('.zip', '')}-console.txt`)
  const text = fs.readFileSync(await saved.path(), 'utf8')
  expect(text).toMatch(/^\+\d+\.\d{3} s\tThis browser\tevent\tstateChange\("default"\)$/m)
  expect(text).not.toContain('console.log')

  // Copy puts the same lines on the clipboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  await page.getByRole('button', { name: 'Copy' }).click()
  const copied = await page.evaluate(() => navigator.clipboard.readText())
  expect(copied).toMatch(/^\+\d+\.\d{3} s\tThis browser\tevent\tstateChange\("default"\)$/m)
  expect(copied).not.toContain('console.log')
})
