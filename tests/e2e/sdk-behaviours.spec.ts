// What only a browser shows of the host behaving as the SDKs do (shared/mraid/host-behaviours.ts),
// with the probe creative (tests/fixtures/profile-probe.ts): the workbench turning and locking its
// device for an ad that forces landscape, saying who closed the ad and what it alerted, two-part
// expand inside the same ad, viewability following the page's scroll on a phone-wide window; and
// the plain tab behind index_url (a desktop tab and a phone-sized page) running the same host.
// Two walks, each with one upload, to keep the suite's time.
import { devices, expect, type Page, test } from '@playwright/test'
import { profileProbePackage } from '../fixtures/profile-probe.ts'
import { uploadOverHttp } from '../helpers/http-upload.ts'
import { uniqueName } from '../helpers/package-screen.ts'
import { accessToken, signIn } from '../helpers/sign-in.ts'
import { ORIGIN, WORKBENCH_VIEWPORT } from './env.ts'

// The workbench walk (two loads of the ad, a rotation, part 2, a narrow window): 21-29 s measured
// at a load average of 27-47 on 2 cores; the two tabs 7-12 s each there. Budget 45 s.
test.describe.configure({ timeout: 45_000 })

async function uploadProbe(page: Page) {
  await signIn(page)
  const upload = await uploadOverHttp(
    `${ORIGIN}/ads-preview`,
    await accessToken(page),
    uniqueName('sdk-probe'),
    profileProbePackage(),
  )
  expect(upload.status).toBe(201)
  return { uuid: upload.uuid!, indexUrl: upload.body.package!.index_url }
}

test('the workbench turns and locks the device, says who closed the ad, expands in two parts, follows the scroll', async ({
  page,
}) => {
  await page.setViewportSize(WORKBENCH_VIEWPORT)
  const { uuid } = await uploadProbe(page)
  await page.goto(`workbench/${uuid}`)
  const state = page.getByTestId('mraid-state')
  const consoleLog = page.getByTestId('workbench-console')
  const ad = page.frameLocator('.screen iframe')
  const read = async () => JSON.parse((await ad.locator('#probe').textContent()) || '{}')
  const landscape = page.getByLabel('Landscape')
  // The workbench's first render: 5-13 s at a load average of 43 on 2 cores.
  await expect(state).toHaveText('default', { timeout: 15_000 })
  await expect(page.getByRole('radio', { name: 'interstitial' })).toBeChecked()

  // A full-screen ad forcing landscape: the app turns and locks, and the ad hears it.
  await ad.locator('#force').dispatchEvent('click')
  await expect(landscape).toBeChecked()
  await expect(landscape).toBeDisabled()
  await expect(page.getByTestId('orientation-lock')).toHaveText('Orientation locked by the ad')
  await expect(consoleLog).toContainText('forced landscape, locked')
  await expect
    .poll(async () => (await read()).orientation)
    .toEqual({ orientation: 'landscape', locked: true })
  await ad.locator('#alert').dispatchEvent('click')
  await expect(consoleLog).toContainText('alert: probe alert')
  await page.screenshot({ path: '.tmp/screens/workbench-forced-landscape-1440.png' })

  // The host's close control hides the ad; the line says the host closed it.
  await ad.locator('[data-mraid-close-region]').dispatchEvent('click')
  await expect(state).toHaveText('hidden')
  await expect(consoleLog).toContainText('closed by the host’s close control')
  await expect(consoleLog).not.toContainText('mraid.close()')
  await expect
    .poll(async () => (await read()).heard.slice(-2))
    .toEqual(['viewableChange:false', 'exposureChange:0'])
  await expect(landscape).toBeEnabled()

  // Inline, two-part expand: part 2 inside the same ad, expanded, without MRAID_ENV.
  await landscape.uncheck()
  await page.getByLabel('Size').selectOption('320x50')
  await expect(state).toHaveText('default')
  await ad.locator('#expand2').dispatchEvent('click')
  await expect(state).toHaveText('expanded')
  const part2 = ad.frameLocator('iframe[title="Expanded ad"]')
  await expect(part2.locator('#part2')).toHaveText('{"state":"expanded","env":"none"}')
  await part2.locator('#close2').dispatchEvent('click')
  await expect(state).toHaveText('default')
  // Part 2's own close, once: part 1 closing for it adds no second line.
  await expect(consoleLog.locator('tr.line', { hasText: 'mraid.close(): closed by the ad' })).toHaveCount(1)
  await expect(ad.locator('iframe')).toHaveCount(0)

  // On a phone-wide window the device sits under the controls: the ad is viewable only while it
  // is scrolled into view, as an app's banner scrolled away is not.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.locator('.screen').scrollIntoViewIfNeeded()
  await expect.poll(async () => (await read()).viewable).toBe(true)
  await page.screenshot({ path: '.tmp/screens/workbench-probe-390.png' })
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  await expect
    .poll(async () => (await read()).heard.slice(-2))
    .toEqual(['viewableChange:false', 'exposureChange:0'])
  await consoleLog.scrollIntoViewIfNeeded()
  await page.screenshot({ path: '.tmp/screens/workbench-console-390.png' })
})

const TABS = [
  { name: 'a desktop tab', phone: false, orientation: 'landscape' },
  { name: 'a phone-sized page', phone: true, orientation: 'portrait' },
] as const

test('index_url in a desktop tab and on a phone-sized page runs the same host with the IAB profile', async ({
  page,
  browser,
}) => {
  const { indexUrl } = await uploadProbe(page)
  const { defaultBrowserType: _, ...iphone } = devices['iPhone 13']
  for (const tab of TABS) {
    const context = tab.phone ? await browser.newContext(iphone) : null
    const ad = context ? await context.newPage() : page
    const said: string[] = []
    ad.on('console', (message) => said.push(message.text()))
    await ad.goto(indexUrl)
    const read = async () => JSON.parse((await ad.locator('#probe').textContent()) || '{}')
    await expect
      .poll(async () => (await read()).order)
      .toEqual([
        'exposureChange:0',
        'stateChange:default',
        'ready',
        'viewableChange:true',
        'exposureChange:100',
      ])
    expect(await read(), tab.name).toMatchObject({
      viewableAtStart: false,
      resizeDefaults: 'top-right true',
      customClose: true,
      orientation: { orientation: tab.orientation, locked: false },
    })
    expect((await read()).heard).toContain('error:open')

    await ad.locator('#expand2').click()
    const part2 = ad.frameLocator('iframe[title="Expanded ad"]')
    await expect(part2.locator('#part2')).toHaveText('{"state":"expanded","env":"none"}')
    await part2.locator('#close2').click()
    await expect.poll(async () => (await read()).state).toBe('default')

    // A tab cannot turn the phone: it tells the truth and says so in the console.
    await ad.locator('#expand').click()
    await ad.locator('#force').click()
    await expect.poll(() => said.join('\n')).toContain('forceOrientation "landscape"')
    expect((await read()).orientation).toEqual({ orientation: tab.orientation, locked: false })
    await context?.close()
  }
})
