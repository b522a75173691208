// A package's download, a capability URL a browser opens without a bearer header (the uuid is
// random and never listed without a token): the pinned, validated zip under its filename,
// streamed, a Range answered with 206.
import { Hono } from 'hono'
import { MESSAGES } from '../../../shared/constants.ts'
import { withoutBidiControls } from '../../../shared/filename.ts'
import type { Services } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import { answerRanged } from '../../platform/http/byte-range.ts'
import { pullStream } from '../../platform/http/pull-stream.ts'
import { findPackage } from './find-package.ts'

function attachment(stored: string): string {
  // The name the browser saves the file under: no bidi controls (a record may predate the rule).
  const filename = withoutBidiControls(stored)
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

export function createDownloadRoutes({ db, blobs }: Pick<Services, 'db' | 'blobs'>) {
  return new Hono().get('/:uuid/:filename', async (c) => {
    const found = await findPackage(db, c.req.param('uuid'))
    const stat = found && (await blobs.stat(found.blobKey))
    if (!found || !stat) throw new AppError('NOT_FOUND', MESSAGES.packageNotFound)
    const headers = {
      'Content-Type': 'application/zip',
      'Content-Disposition': attachment(found.filename),
      'Cache-Control': 'private, max-age=31536000, immutable',
    }
    return answerRanged(c, { size: stat.size, etag: `"${found.sha256}"`, headers }, (range) =>
      pullStream(blobs.createReadStream(found.blobKey, range)),
    )
  })
}
