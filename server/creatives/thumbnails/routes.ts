// A package's thumbnail, a capability URL the list's <img> opens without a bearer header: the
// rendered PNG once it exists; until then the package's largest image, else a tile with its ad size.
import { Readable } from 'node:stream'
import { Hono } from 'hono'
import { MESSAGES } from '../../../shared/constants.ts'
import type { Services } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import { findPackage } from '../packages/find-package.ts'
import { largestImage } from './largest-image.ts'
import { placeholderThumbnail } from './placeholder.ts'

export function createThumbnailRoutes({ db, blobs }: Pick<Services, 'db' | 'blobs'>) {
  return new Hono().get('/:uuid', async (c) => {
    const found = await findPackage(db, c.req.param('uuid'))
    if (!found) throw new AppError('NOT_FOUND', MESSAGES.packageNotFound)
    if (found.thumbnailKey && (await blobs.stat(found.thumbnailKey))) {
      return c.body(Readable.toWeb(blobs.createReadStream(found.thumbnailKey)) as ReadableStream, 200, {
        'Content-Type': 'image/png',
        'Cache-Control': 'private, max-age=300',
      })
    }
    const image = await largestImage(blobs, found.blobKey, found.inspection)
    if (image) {
      return c.body(image.bytes as Uint8Array<ArrayBuffer>, 200, {
        'Content-Type': image.contentType,
        // A creative's own image is untrusted too (an SVG can carry script).
        'Content-Security-Policy': "sandbox; default-src 'none'; style-src 'unsafe-inline'",
        'Cache-Control': 'no-cache',
      })
    }
    return c.body(placeholderThumbnail(found.adWidth, found.adHeight), 200, {
      'Content-Type': 'image/svg+xml',
      // The rendered thumbnail replaces it within seconds: always ask again.
      'Cache-Control': 'no-cache',
    })
  })
}
