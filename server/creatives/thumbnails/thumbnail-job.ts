// Thumbnails are jobs on the database queue (platform/jobs/job-queue.ts): create enqueues one per
// package in its own commit, and whichever app process has a browser renders it (render-
// thumbnail.ts), stores the PNG and records it on the package. A package deleted meanwhile
// keeps no thumbnail file. A creative that runs past the render's budget or crashes its page
// keeps the placeholder: it is not tried again, since it would only hold the queue once more.
import { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import type { Services } from '../../actions/define-action.ts'
import type { JobSpec } from '../../platform/jobs/job-queue.ts'
import type { JobHandler } from '../../platform/jobs/job-runner.ts'
import { logger } from '../../platform/log/logger.ts'
import type { RendererBrowser } from '../../platform/renderer/browser.ts'
import type { RequestSummary } from '../../platform/renderer/refused-requests.ts'
import { RenderStoppedError, type SandboxDeps } from '../../platform/renderer/sandbox.ts'
import { blobKeys } from '../../platform/storage/blob-store.ts'
import { renderThumbnail } from './render-thumbnail.ts'

const KIND = 'thumbnail'
const DEFAULT_AD_SIZE = { width: 300, height: 250 }
const MAX_THUMBNAIL_BYTES = 5 * 1024 * 1024

/** `uploader`: whose package it is (their thumbnails take turns with other uploaders'). */
export function thumbnailJob(uuid: string, uploader: string): JobSpec {
  return { kind: KIND, key: `${KIND}:${uuid}`, uploader, payload: { uuid }, maxAttempts: 2, budgetMs: 60_000 }
}

/** Renders with the previews this process answers itself (`sandbox.fetchPreview`). */
export function thumbnailHandler(
  services: Services,
  browser: RendererBrowser,
  sandbox: SandboxDeps,
): JobHandler {
  const { db, blobs } = services
  const { packages } = db.tables
  return {
    kind: KIND,
    async run(payload, signal) {
      const { uuid } = payload as { uuid: string }
      const [row] = await db.orm
        .select({ width: packages.adWidth, height: packages.adHeight })
        .from(packages)
        .where(eq(packages.uuid, uuid))
      if (!row) return
      const size = row.width && row.height ? { width: row.width, height: row.height } : DEFAULT_AD_SIZE
      try {
        const onRequests = (requests: RequestSummary) => {
          if (requests.refusedCount === 0) return
          const { refusedCount: refused, blockedHosts } = requests
          logger.info(
            { uuid, refused, blockedHosts },
            'The creative tried to reach beyond its package: refused',
          )
        }
        const png = await renderThumbnail(await browser.open(), sandbox, uuid, size, {
          signal,
          onRequests,
          budgetMs: services.config.thumbnails.renderBudgetMs,
        }).catch((error: unknown) => {
          if (!(error instanceof RenderStoppedError)) throw error
          logger.warn(
            { err: error, uuid, why: error.why },
            'The creative stopped its render: it keeps the placeholder',
          )
          return undefined
        })
        if (!png) return
        const key = blobKeys.thumbnail(uuid)
        await blobs.write(key, Readable.from([png]), { maxBytes: MAX_THUMBNAIL_BYTES })
        const recorded = await db.write((tx) =>
          tx
            .update(packages)
            .set({ thumbnailKey: key })
            .where(eq(packages.uuid, uuid))
            .returning({ id: packages.id }),
        )
        if (recorded.length === 0) await blobs.delete(key)
      } finally {
        browser.closeWhenIdle()
      }
    },
  }
}
