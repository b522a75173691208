import fs from 'node:fs'
import path from 'node:path'
import { chromium } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { zipOf } from '../../../tests/fixtures/packages.ts'
import { pngPixels } from '../../../tests/helpers/png-pixels.ts'
import { createTestApp, type TestApp, uploadPackage } from '../../../tests/helpers/test-app.ts'
import { CHROMIUM_ARGS, findChromium } from '../../platform/renderer/chromium.ts'
import { THUMBNAIL_PIXELS } from './thumbnail-size.ts'

const chromiumPath = findChromium(process.env.CHROMIUM_PATH)
let t: TestApp

beforeAll(async () => {
  // No runtime audit: it would watch the creative 30 s in the same Chromium, and closing the
  // product mid-audit took past 30 s at a load of 30.
  t = await createTestApp({ ...(chromiumPath ? { CHROMIUM_PATH: chromiumPath } : {}), AUDIT_SECONDS: '0' })
  await t.listen()
}, 30_000) // the product's start; past Vitest's 10 s for a hook on a loaded machine
afterAll(() => t.cleanup(), 30_000) // closing the product and its Chromium

describe.skipIf(!chromiumPath)('thumbnails (Chromium found)', () => {
  it('renders the creative at its ad size into a 120x156 PNG that shows it', async () => {
    const creative = zipOf({
      'index.html':
        '<html><head><meta name="ad.size" content="width=300,height=250"><script src="mraid.js"></script></head>' +
        '<body style="margin:0;background:rgb(0,160,80)"><h1 style="color:white;font:40px sans-serif;margin:80px 20px">SALE</h1></body></html>',
    })
    const result = await uploadPackage(t, 'green.zip', creative)
    expect(result.response.status).toBe(201)
    // The job runs on the listening product's queue, like any other job.
    // The job writes the file, then records it: the route serves it once both are done.
    const file = path.join(t.dataDir, 'blobs', 'thumbnails', `${result.uuid}.png`)
    const servedType = async () =>
      (await t.app.request(`/ads-preview/files/thumbnails/${result.uuid}`)).headers.get('content-type')
    await expect.poll(servedType, { timeout: 30_000 }).toBe('image/png')
    const png = fs.readFileSync(file)
    expect(png.readUInt32BE(16)).toBe(THUMBNAIL_PIXELS.width)
    expect(png.readUInt32BE(20)).toBe(THUMBNAIL_PIXELS.height)
    fs.mkdirSync('.tmp', { recursive: true })
    fs.copyFileSync(file, '.tmp/thumbnail-sample.png')

    // The list serves it instead of the placeholder, and its middle is the creative's green.
    const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS })
    try {
      const page = await browser.newPage()
      const pixels = await pngPixels(page, png)
      const at = (78 * pixels.width + 10) * 4
      const [r, g, b] = [pixels.data[at]!, pixels.data[at + 1]!, pixels.data[at + 2]!]
      expect(g).toBeGreaterThan(120)
      expect(r).toBeLessThan(60)
      expect(b).toBeLessThan(120)
    } finally {
      await browser.close()
    }
  }, 45_000) // 20-27 s measured here beside the suite at a load of 30 (Chromium launched twice)
})
