// One thumbnail: the creative's preview opened at its ad size in a fresh browser context, given a
// moment to draw, then scaled (not cropped) into THUMBNAIL_PIXELS on the list's neutral background.
import type { Browser } from 'playwright-core'
import { THUMBNAIL_PIXELS } from './thumbnail-size.ts'

const SETTLE_MS = 1200
const LOAD_TIMEOUT_MS = 15_000

export interface AdSize {
  width: number
  height: number
}

/** A PNG of THUMBNAIL_PIXELS showing the page at `previewUrl` rendered at `adSize`. */
export async function renderThumbnail(
  browser: Browser,
  previewUrl: string,
  adSize: AdSize,
  signal?: AbortSignal,
): Promise<Buffer> {
  const context = await browser.newContext({ viewport: adSize })
  // Past the job's time budget the page goes, whatever the creative is doing.
  signal?.addEventListener('abort', () => void context.close().catch(() => {}))
  try {
    const page = await context.newPage()
    await page.goto(previewUrl, { waitUntil: 'load', timeout: LOAD_TIMEOUT_MS }).catch(() => {})
    await page.waitForTimeout(SETTLE_MS)
    const shot = await page.screenshot({ type: 'png' })
    await page.setViewportSize(THUMBNAIL_PIXELS)
    await page.setContent(
      `<body style="margin:0;background:#eef1f6;display:grid;place-items:center;width:${THUMBNAIL_PIXELS.width}px;height:${THUMBNAIL_PIXELS.height}px">` +
        `<img style="max-width:100%;max-height:100%" src="data:image/png;base64,${shot.toString('base64')}"></body>`,
    )
    await page.locator('img').evaluate((img: HTMLImageElement) => img.decode())
    return await page.screenshot({ type: 'png' })
  } finally {
    await context.close()
  }
}
