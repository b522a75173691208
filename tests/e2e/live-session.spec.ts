// A live session between two browsers: the workbench on a desktop starts it, a phone (an emulated
// Pixel 7, then an iPhone) opens its link without signing in, and what the ad does on the phone
// appears in the workbench's console, in the phone's own column, within a second: its console,
// errors, requests and geometry. Ending the session stops the link.
import { type Browser, devices, expect, type Page, test } from '@playwright/test'
import { lineDelays, livePackage } from '../helpers/live-console.ts'
import { expectScreenOk } from '../helpers/screen-checks.ts'
import { seedPackage } from '../helpers/seed-package.ts'
import { signIn } from '../helpers/sign-in.ts'
import { WORKBENCH_VIEWPORT } from './env.ts'

test.use({ viewport: WORKBENCH_VIEWPORT })
// A workbench and one or two phones: the three parts took 20 s together beside the suite, and
// 16-38 s each on a loaded machine.
test.describe.configure({ timeout: 60_000 })

/** Signs in, opens a new live package in the workbench and starts a session: its link. */
async function startSession(page: Page) {
  await signIn(page)
  const { uuid } = await seedPackage(page, 'live', livePackage())
  await page.goto(`workbench/${uuid}`)
  await page.getByRole('button', { name: 'Start live session' }).click()
  const link = await page.getByTestId('live-link').inputValue()
  expect(link).toMatch(/\/ads-preview\/live\/[A-Za-z0-9_-]{43}$/)
  return { uuid, link }
}

/** A phone of `device`, with no sign-in, its own browser, on `link`. */
async function phoneOn(browser: Browser, device: string, link: string) {
  const context = await browser.newContext({ ...devices[device] })
  const page = await context.newPage()
  await page.goto(link)
  return page
}

const phoneRowsOf = (page: Page) => page.getByTestId('workbench-console').locator('tr[data-source^="phone-"]')

test('the workbench shows what the ad does on a phone, live, line by line beside its own run', async ({
  page,
  browser,
}) => {
  const { uuid, link } = await startSession(page)
  await expect(page.getByTestId('live-qr').locator('svg')).toBeVisible()
  await expect(page.getByTestId('live-status')).toContainText('Waiting for phones')

  const phonePage = await phoneOn(browser, 'Pixel 7', link)
  // The creative under the link's own path: the package's lasting preview path is never shown.
  expect(phonePage.url()).toBe(`${link}/ad/?live=${link.split('/').pop()}`)
  expect(phonePage.url()).not.toContain(uuid)

  const consoleLog = page.getByTestId('workbench-console')
  const phoneColumn = consoleLog.locator('th', { hasText: /^Phone 1 \(Android, Chrome\)$/ })
  await expect(phoneColumn).toBeVisible()
  const phoneRows = phoneRowsOf(page)
  await expect(phoneRows.filter({ hasText: 'console.log: ready on inline' })).toHaveCount(1)
  await expect(phoneRows.filter({ hasText: 'stateChange("default")' })).toHaveCount(1)
  // The device line: the phone's screen and browser.
  await expect(phoneRows.filter({ hasText: /portrait: screen \d+x\d+/ })).toHaveCount(1)
  await expect(page.getByTestId('live-status')).toContainText('1 phone joined')
  // A request the ad makes there, and the geometry again when the phone turns.
  await phonePage.evaluate(() =>
    (window as unknown as { load(name: string): Promise<unknown> }).load('offer.json'),
  )
  await expect(phoneRows.filter({ hasText: /network\s*fetch http\S+\/offer\.json/ })).toHaveCount(1)
  await phonePage.setViewportSize({ width: 839, height: 412 })
  await expect(
    phoneRows.filter({ hasText: /landscape: screen 839x412, max \d+x\d+, web view \d+x\d+/ }).first(),
  ).toBeVisible()
  // This browser's run keeps its own column beside the phone's.
  await expect(consoleLog.locator('tr[data-source="here"]').filter({ hasText: 'ready()' })).toHaveCount(1)

  // Latency: a line on the phone to its row on the desktop, both on this machine's clock.
  const delays = await lineDelays(page, phonePage, 10)
  console.log(`phone line to desktop row: median ${delays[5]} ms, max ${delays[9]} ms over 10`)
  expect(delays[9], 'every line within a second').toBeLessThan(1000)
  await phonePage.context().close()
})

test("a phone's uncaught errors are errors on the desktop; a second phone gets a column of its own", async ({
  page,
  browser,
}) => {
  const { link } = await startSession(page)
  const phonePage = await phoneOn(browser, 'Pixel 7', link)
  const phoneRows = phoneRowsOf(page)
  await expect(phoneRows.filter({ hasText: 'console.log: ready on inline' })).toHaveCount(1)
  await phonePage.evaluate(() => {
    setTimeout(() => {
      throw new Error('boom on the phone')
    }, 0)
    void Promise.reject(new Error('nobody caught this'))
  })
  await expect(
    phoneRows.filter({ hasText: /error\s*uncaught: Uncaught Error: boom on the phone/ }),
  ).toHaveCount(1)
  await expect(
    phoneRows.filter({ hasText: /error\s*unhandled rejection: Error: nobody caught this/ }),
  ).toHaveCount(1)

  const iphonePage = await phoneOn(browser, 'iPhone 13', link)
  const consoleLog = page.getByTestId('workbench-console')
  await expect(consoleLog.locator('th', { hasText: /^Phone 2 \(iPhone, Safari\)$/ })).toBeVisible()
  await expect(page.getByTestId('live-status')).toContainText('2 phones joined')

  await page.screenshot({ path: '.tmp/screens/workbench-live-1440.png', fullPage: true })
  await expectScreenOk(page, 'the workbench with a live session')
  // A phone that leaves the ad no longer counts (its host says so as its page goes).
  await phonePage.goto('about:blank')
  await expect(page.getByTestId('live-status')).toContainText('1 phone joined')
  await phonePage.context().close()
  await iphonePage.context().close()
})

test('ending the session stops its link, and so does leaving the workbench', async ({ page, browser }) => {
  const { link } = await startSession(page)
  const phonePage = await phoneOn(browser, 'Pixel 7', link)
  await expect(phoneRowsOf(page).filter({ hasText: 'console.log: ready on inline' })).toHaveCount(1)
  // The panel says the link no longer works only once the server has ended it (the end call is
  // held back until the panel has been read, so a panel that said it sooner is seen).
  const endCall = /\/trpc\/[^?]*live\.end/
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(endCall, async (route) => {
    await held
    await route.continue()
  })
  await page.getByRole('button', { name: 'End session' }).click()
  await expect(page.getByTestId('live-status')).toHaveText('Ending the live session…')
  release()
  await expect(page.getByTestId('live-status')).toContainText('The live session has ended')
  expect((await phonePage.goto(link))?.status()).toBe(410)
  await expect(phonePage.locator('body')).toContainText('This live session has ended')
  await page.unroute(endCall)
  // A session the workbench did not end stops when the workbench is left.
  await page.getByRole('button', { name: 'Start live session' }).click()
  const second = await page.getByTestId('live-link').inputValue()
  expect((await phonePage.goto(second))?.status()).toBe(200)
  await page.getByRole('link', { name: 'Back to packages' }).click()
  await expect.poll(async () => (await phonePage.goto(second))?.status()).toBe(410)
  await phonePage.context().close()
})
