// Capability URLs a browser opens without a bearer header (ARCHITECTURE.md "Security model"):
// the signed PUT of an upload and a package's download (thumbnails: server/thumbnails/routes.ts). The uuid in the path is
// random and never listed without a token; the PUT needs a valid signature.
import { Readable } from 'node:stream'
import type { ReadableStream as NodeWebStream } from 'node:stream/web'
import type { HttpBindings } from '@hono/node-server'
import { Hono } from 'hono'
import { MESSAGES, UPLOAD_CONTENT_TYPE } from '../../shared/constants.ts'
import { withoutBidiControls } from '../../shared/filename.ts'
import { AppError } from '../errors.ts'
import { answerRanged } from '../http/byte-range.ts'
import { pullStream } from '../http/pull-stream.ts'
import type { PackageService } from '../packages/service.ts'
import { type BlobStore, blobKeys } from '../storage/blob-store.ts'
import { verifyPutQuery } from '../storage/signed-url.ts'

export interface FileRoutesDeps {
  service: PackageService
  blobStore: BlobStore
  signingSecret: Buffer
  now?: () => number
}

function attachment(stored: string): string {
  // The name the browser saves the file under: no bidi controls (a record may predate the rule).
  const filename = withoutBidiControls(stored)
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

/** The request body as a Node stream: the socket itself under @hono/node-server (no web-stream hop). */
function nodeStream(c: { req: { raw: Request }; env: unknown }): Readable {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming
  if (incoming) return incoming
  const body = c.req.raw.body
  return body ? Readable.fromWeb(body as NodeWebStream<Uint8Array>) : Readable.from([])
}

export function createFileRoutes(deps: FileRoutesDeps) {
  // Read when asked (not captured), so a test that moves the clock moves it here too.
  const now = deps.now ?? (() => Date.now())
  return new Hono()
    .put('/upload', async (c) => {
      const check = verifyPutQuery(
        deps.signingSecret,
        new URL(c.req.url).searchParams,
        Math.floor(now() / 1000),
      )
      if (!check.ok) {
        throw new AppError(
          'FORBIDDEN',
          check.reason === 'expired'
            ? 'The upload URL has expired: ask for a new one.'
            : 'The upload URL signature is not valid.',
        )
      }
      const { grant } = check
      const contentType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase()
      if (contentType !== grant.contentType || contentType !== UPLOAD_CONTENT_TYPE) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The upload must be sent as ${UPLOAD_CONTENT_TYPE}.`)
      }
      const declared = Number(c.req.header('content-length') ?? Number.NaN)
      if (declared > grant.maxBytes)
        throw new AppError('PAYLOAD_TOO_LARGE', `The package is larger than ${grant.maxBytes} bytes.`)
      const uuid = blobKeys.uuidOf(grant.key)
      if (!uuid) throw new AppError('FORBIDDEN', 'The upload URL signature is not valid.')
      const body = nodeStream(c)
      let interrupted = false
      body.once('error', () => {
        interrupted = true
      })
      try {
        await deps.service.receiveUpload(uuid, body, grant.maxBytes)
      } catch (error) {
        if (interrupted && !(error instanceof AppError)) {
          throw new AppError(
            'BAD_REQUEST',
            'The upload was interrupted before the whole file arrived: upload it again.',
            {},
            { cause: error },
          )
        }
        throw error
      }
      return c.body(null, 200)
    })
    .get('/packages/:uuid/:filename', async (c) => {
      const found = deps.service.locate(c.req.param('uuid'))
      const stat = found && (await deps.blobStore.stat(found.blobKey))
      if (!found || !stat) throw new AppError('NOT_FOUND', MESSAGES.packageNotFound)
      const headers = {
        'Content-Type': 'application/zip',
        'Content-Disposition': attachment(found.filename),
        'Cache-Control': 'private, max-age=31536000, immutable',
      }
      return answerRanged(c, { size: stat.size, etag: `"${found.sha256}"`, headers }, (range) =>
        pullStream(deps.blobStore.createReadStream(found.blobKey, range)),
      )
    })
}
