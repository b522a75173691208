// Thumbnails: each created package's creative rendered in headless Chromium (render-thumbnail.ts)
// in the background after create, one at a time, stored in the blob store and recorded on the
// package. Without a browser the list keeps its fallback (thumbnails/routes.ts).
import { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import { API } from '../../shared/paths.ts'
import type { Db } from '../db/client.ts'
import { packages } from '../db/schema.ts'
import { logger } from '../log/logger.ts'
import { type BlobStore, blobKeys } from '../storage/blob-store.ts'
import { createThumbnailBrowser, type LoadPlaywright } from './browser.ts'
import { findChromium } from './chromium.ts'
import { renderThumbnail } from './render-thumbnail.ts'

const DEFAULT_AD_SIZE = { width: 300, height: 250 }
const MAX_THUMBNAIL_BYTES = 5 * 1024 * 1024

export interface ThumbnailerDeps {
  db: Db
  blobStore: BlobStore
  chromiumPath: string | undefined
  loadPlaywright?: LoadPlaywright
  /** Where the server itself reaches its previews (loopback, whatever PUBLIC_URL says). */
  localOrigin: () => string
}

export function createThumbnailer(deps: ThumbnailerDeps) {
  const executablePath = findChromium(deps.chromiumPath)
  const browser = executablePath ? createThumbnailBrowser(executablePath, deps.loadPlaywright) : undefined
  let queue: Promise<void> = Promise.resolve()
  let stopped = false

  async function render(uuid: string): Promise<void> {
    const row = deps.db
      .select({ width: packages.adWidth, height: packages.adHeight })
      .from(packages)
      .where(eq(packages.uuid, uuid))
      .get()
    if (!row || !browser) return
    const size = row.width && row.height ? { width: row.width, height: row.height } : DEFAULT_AD_SIZE
    const png = await renderThumbnail(await browser.open(), `${deps.localOrigin()}${API.preview(uuid)}`, size)
    const key = blobKeys.thumbnail(uuid)
    await deps.blobStore.write(key, Readable.from([png]), { maxBytes: MAX_THUMBNAIL_BYTES })
    const updated = deps.db.update(packages).set({ thumbnailKey: key }).where(eq(packages.uuid, uuid)).run()
    // Deleted meanwhile: no record points at the file, so it goes.
    if (updated.changes === 0) await deps.blobStore.delete(key)
  }

  return {
    available: browser !== undefined,
    /** Queues a thumbnail; answers when this one is done (or failed, which is logged). */
    schedule(uuid: string): Promise<void> {
      if (!browser || stopped || !browser.usable) return Promise.resolve()
      queue = queue
        .then(() => (stopped ? undefined : render(uuid)))
        // A render cut short by the stop is not a failure worth a warning.
        .catch((error: unknown) => {
          if (!stopped) logger.warn({ err: error, uuid }, 'A thumbnail failed')
        })
        .finally(() => browser.closeWhenIdle())
      return queue
    },
    async stop(): Promise<void> {
      stopped = true
      await queue
      await browser?.close()
    },
  }
}
