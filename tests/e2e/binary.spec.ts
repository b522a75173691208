// Runs only against the single executable (scripts/test-binary.mjs sets E2E_BINARY), beside the
// walk it shares with the source server (sign-in on the login page, upload, preview in a new tab,
// download): the server answering is the binary and not a source server, the binary renders
// thumbnails in Chromium with the playwright-core it carries, and its live session works.
import { expect, test } from '@playwright/test'
import { readEventStream } from '../../shared/live/event-stream.ts'
import { LIVE_PATHS, type LiveSession } from '../../shared/live/live-session.ts'
import { validPackage } from '../fixtures/packages.ts'
import { uploadOverHttp } from '../helpers/http-upload.ts'
import { pngPixels } from '../helpers/png-pixels.ts'
import { accessToken, signIn } from '../helpers/sign-in.ts'
import { BASE_URL, ORIGIN } from './env.ts'

test.skip(!process.env.E2E_BINARY, 'only against the single executable (npm run test:binary)')

test('the server answering is the single executable, at the version it was built as', async ({ request }) => {
  const health = await (await request.get(`${BASE_URL}health`)).json()
  expect(health).toMatchObject({
    status: 'ok',
    runtime: 'single-executable',
    version: process.env.E2E_VERSION,
  })
})

test('the binary renders a thumbnail of the creative in Chromium', async ({ page }) => {
  // The render in Chromium (the poll below allows it 20 s): 24 s measured for the whole test
  // beside the walk on a loaded machine.
  test.setTimeout(40_000)
  await signIn(page)
  const name = `thumbnail-${process.pid}-${Date.now()}.zip`
  await page
    .locator('input[type=file]')
    .setInputFiles({ name, mimeType: 'application/zip', buffer: Buffer.from(validPackage('binary')) })
  const row = page.locator('tbody tr').filter({ has: page.locator('td.filename', { hasText: name }) })
  const src = await row.locator('td.thumb img').getAttribute('src')
  // Until the render is stored the answer is the ad-size tile (SVG); then the rendered PNG.
  await expect
    .poll(async () => (await page.request.get(src!)).headers()['content-type'], { timeout: 20_000 })
    .toBe('image/png')
  const png = await (await page.request.get(src!)).body()
  const { width, height, data } = await pngPixels(page, png)
  expect({ width, height }).toEqual({ width: 120, height: 156 })
  // The creative is a 300x250 #0a7 box: its colour is at the centre of the scaled render.
  const centre = (Math.floor(height / 2) * width + Math.floor(width / 2)) * 4
  expect([data[centre], data[centre + 1], data[centre + 2]]).toEqual([0, 170, 119])
})

test("the binary's live session carries a phone's lines to the workbench's stream", async ({
  page,
  browser,
}) => {
  await signIn(page)
  const token = await accessToken(page)
  const upload = await uploadOverHttp(
    `${ORIGIN}/ads-preview`,
    token,
    `live-${Date.now()}.zip`,
    validPackage('live'),
  )
  const started = await page.request.post(`${BASE_URL}trpc/live.start`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { uuid: upload.uuid },
  })
  const session = (await started.json()).result.data as LiveSession
  const abort = new AbortController()
  const stream = await fetch(`${ORIGIN}${LIVE_PATHS.stream(session.id)}`, {
    headers: { Authorization: `Bearer ${token}` },
    signal: abort.signal,
  })
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })
  await (await phone.newPage()).goto(session.url)
  for await (const event of readEventStream(stream.body!)) {
    if (event.event === 'line' && /"ready"/.test(event.data)) break
  }
  abort.abort()
  await phone.close()
})
