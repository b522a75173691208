// The local store's receiving end of a signed upload URL: PUT ${BASE_PATH}/files/upload?<signed
// query>. The signature covers the key, expiry, content type and size cap; the body streams from
// the socket to disk (never held whole) and is stored only if the URL has not stored one before.
import { Readable } from 'node:stream'
import type { ReadableStream as NodeWebStream } from 'node:stream/web'
import type { HttpBindings } from '@hono/node-server'
import { Hono } from 'hono'
import { UPLOAD_CONTENT_TYPE } from '../../../../shared/constants.ts'
import { AppError } from '../../errors.ts'
import { tooLarge } from '../storage-errors.ts'
import { verifyPutQuery } from './signed-url.ts'

export interface UploadRoutesDeps {
  secret: Buffer
  now: () => number
  receive(key: string, body: Readable, maxBytes: number): Promise<void>
}

const INVALID_SIGNATURE = 'The upload URL signature is not valid.'

/** The request body as a Node stream: the socket itself under @hono/node-server (no web-stream hop). */
function nodeStream(c: { req: { raw: Request }; env: unknown }): Readable {
  const incoming = (c.env as Partial<HttpBindings> | undefined)?.incoming
  if (incoming) return incoming
  const body = c.req.raw.body
  return body ? Readable.fromWeb(body as NodeWebStream<Uint8Array>) : Readable.from([])
}

export function createUploadRoutes(deps: UploadRoutesDeps) {
  return new Hono().put('/', async (c) => {
    const check = verifyPutQuery(deps.secret, new URL(c.req.url).searchParams, Math.floor(deps.now() / 1000))
    if (!check.ok) {
      throw new AppError(
        'FORBIDDEN',
        check.reason === 'expired' ? 'The upload URL has expired: ask for a new one.' : INVALID_SIGNATURE,
      )
    }
    const { grant } = check
    const contentType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase()
    if (contentType !== grant.contentType || contentType !== UPLOAD_CONTENT_TYPE) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', `The upload must be sent as ${UPLOAD_CONTENT_TYPE}.`)
    }
    const declared = Number(c.req.header('content-length') ?? Number.NaN)
    if (declared > grant.maxBytes) throw tooLarge(grant.maxBytes)
    if (!grant.key.startsWith('uploads/')) throw new AppError('FORBIDDEN', INVALID_SIGNATURE)
    const body = nodeStream(c)
    let interrupted = false
    body.once('error', () => {
      interrupted = true
    })
    try {
      await deps.receive(grant.key, body, grant.maxBytes)
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
}
