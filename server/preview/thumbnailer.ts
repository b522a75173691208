// Thumbnails: the creative rendered in headless Chromium at its ad size, scaled into a
// 120x156 PNG (the 60x78 list cell at 2x), made in the background after create, one at a
// time. Without a browser the list keeps its placeholder tile (the ad size on a neutral tile).
import { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import type { Browser } from 'playwright-core'
import { API } from '../../shared/paths.ts'
import type { Db } from '../db/client.ts'
import { packages } from '../db/schema.ts'
import { type BlobStore, blobKeys } from '../storage/blob-store.ts'
import { CHROMIUM_ARGS, findChromium } from './chromium.ts'

export const THUMBNAIL_PIXELS = { width: 120, height: 156 } as const
const DEFAULT_AD_SIZE = { width: 300, height: 250 }
const SETTLE_MS = 1200
const IDLE_CLOSE_MS = 60_000
export interface ThumbnailerDeps {
  db: Db
  blobStore: BlobStore
  chromiumPath: string | undefined
  /** Where the server itself reaches its previews (loopback, whatever PUBLIC_URL says). */
  localOrigin: () => string
}

export function createThumbnailer(deps: ThumbnailerDeps) {
  const executablePath = findChromium(deps.chromiumPath)
  let browser: Promise<Browser> | undefined
  let idleTimer: ReturnType<typeof setTimeout> | undefined
  let queue: Promise<void> = Promise.resolve()
  let stopped = false

  async function openBrowser(): Promise<Browser> {
    if (!browser) {
      const { chromium } = await import('playwright-core').catch((error: unknown) => {
        // The single executable carries no playwright-core: the list keeps its placeholder tiles.
        stopped = true
        throw new Error(`thumbnails are off: playwright-core cannot be loaded (${(error as Error).message})`)
      })
      browser = chromium.launch({ executablePath, args: CHROMIUM_ARGS })
      browser.catch(() => {
        browser = undefined
      })
    }
    return browser
  }

  async function render(uuid: string): Promise<void> {
    const row = deps.db
      .select({ width: packages.adWidth, height: packages.adHeight })
      .from(packages)
      .where(eq(packages.uuid, uuid))
      .get()
    if (!row) return
    const size = row.width && row.height ? { width: row.width, height: row.height } : DEFAULT_AD_SIZE
    const context = await (await openBrowser()).newContext({ viewport: size })
    try {
      const page = await context.newPage()
      await page
        .goto(`${deps.localOrigin()}${API.preview(uuid)}`, { waitUntil: 'load', timeout: 15_000 })
        .catch(() => {})
      await page.waitForTimeout(SETTLE_MS)
      const shot = await page.screenshot({ type: 'png' })
      // Scaled (not cropped) into the cell's proportions, on the list's neutral background.
      await page.setViewportSize(THUMBNAIL_PIXELS)
      await page.setContent(
        `<body style="margin:0;background:#eef1f6;display:grid;place-items:center;width:${THUMBNAIL_PIXELS.width}px;height:${THUMBNAIL_PIXELS.height}px">` +
          `<img style="max-width:100%;max-height:100%" src="data:image/png;base64,${shot.toString('base64')}"></body>`,
      )
      await page.locator('img').evaluate((img: HTMLImageElement) => img.decode())
      const thumbnail = await page.screenshot({ type: 'png' })
      const key = blobKeys.thumbnail(uuid)
      await deps.blobStore.write(key, Readable.from([thumbnail]), { maxBytes: 5 * 1024 * 1024 })
      const updated = deps.db.update(packages).set({ thumbnailKey: key }).where(eq(packages.uuid, uuid)).run()
      // Deleted meanwhile: no record points at the file, so it goes.
      if (updated.changes === 0) await deps.blobStore.delete(key)
    } finally {
      await context.close()
    }
  }

  function closeWhenIdle(): void {
    clearTimeout(idleTimer)
    idleTimer = setTimeout(() => {
      const open = browser
      browser = undefined
      void open?.then((b) => b.close()).catch(() => {})
    }, IDLE_CLOSE_MS)
    idleTimer.unref()
  }

  return {
    available: executablePath !== undefined,
    /** Queues a thumbnail; answers when this one is done (or failed, which is logged). */
    schedule(uuid: string): Promise<void> {
      if (!executablePath || stopped) return Promise.resolve()
      queue = queue
        .then(() => (stopped ? undefined : render(uuid)))
        .catch((error: unknown) =>
          console.error(`Thumbnail of ${uuid} failed:`, error instanceof Error ? error.message : error),
        )
        .finally(closeWhenIdle)
      return queue
    },
    async stop(): Promise<void> {
      stopped = true
      clearTimeout(idleTimer)
      await queue
      const open = browser
      browser = undefined
      await open?.then((b) => b.close()).catch(() => {})
    },
  }
}
