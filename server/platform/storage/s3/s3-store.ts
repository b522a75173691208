// The S3-compatible blob store (S3_BUCKET): the browser PUTs a package straight to the bucket
// through a presigned URL (the spec's `signedRequest`), with its content type bound into the
// signature. A presigned PUT cannot bind a size, so validation refuses an oversize object by its
// HEAD before reading it. Validation pins the body: it hashes the upload once, then copies it
// under the package's key only if it still has the ETag it had while hashed, and records the
// sha256 on the copy; no upload URL can write that key, and create reads the sha256 back. Zips
// are read by ranged GETs (ranged-source.ts), previews and downloads stream from the bucket.
//
// aws4fetch signs the calls rather than the AWS SDK: eight calls need one small file instead of
// dozens of packages in the single binary, and the SDK's default checksums on PUT (since 2025)
// are refused by several S3-compatible servers unless turned off.
import { createHash, randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import type { ReadableStream as NodeWebStream } from 'node:stream/web'
import { AppError } from '../../errors.ts'
import type { BlobStore, StoredBlob } from '../blob-store.ts'
import { tooLarge } from '../storage-errors.ts'
import type { S3Settings } from './config.ts'
import { listKeys } from './list-keys.ts'
import { rangedSource } from './ranged-source.ts'
import { createS3Client, embeddedError } from './s3-client.ts'

const SHA256_META = 'x-amz-meta-sha256'

export function createS3Store(settings: S3Settings): BlobStore {
  const s3 = createS3Client(settings)
  const notFound = (key: string) => Object.assign(new Error(`No object ${key}`), { code: 'ENOENT' })

  async function head(key: string) {
    const response = await s3.call('HEAD', key, { allow: [404] })
    if (response.status === 404) return undefined
    return {
      size: Number(response.headers.get('content-length')),
      etag: response.headers.get('etag') ?? '',
      sha256: response.headers.get(SHA256_META) ?? undefined,
    }
  }

  async function get(key: string, range?: { start: number; end: number }) {
    const response = await s3.call('GET', key, {
      headers: range ? { Range: `bytes=${range.start}-${range.end}` } : {},
      allow: [404],
      streamed: true,
    })
    if (response.status === 404) throw notFound(key)
    return response
  }

  /** Size and sha256 of the object's bytes, read once from start to end. */
  async function hashObject(key: string): Promise<StoredBlob & { etag: string }> {
    const response = await get(key)
    const hash = createHash('sha256')
    let size = 0
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.byteLength
      hash.update(chunk)
    }
    return { size, sha256: hash.digest('hex'), etag: response.headers.get('etag') ?? '' }
  }

  async function copy(from: string, to: string, headers: Record<string, string>) {
    const response = await s3.call('PUT', to, {
      headers: { 'x-amz-copy-source': `/${settings.bucket}/${from}`, ...headers },
    })
    const failed = embeddedError(await response.text(), `to copy ${from} to ${to}`)
    if (failed) throw failed
  }

  return {
    uploadUrl: s3.bucketUrl,
    signUploadUrl: ({ key, contentType, expiresInSeconds }) =>
      s3.presign('PUT', key, { 'content-type': contentType }, expiresInSeconds),

    async pin(from, to) {
      const hashed = await hashObject(from)
      // Copied only if the upload still holds the bytes just hashed (S3 refuses the copy with 412
      // otherwise; a store that ignores the condition is caught by the ETag check below).
      await copy(from, to, {
        'x-amz-copy-source-if-match': hashed.etag,
        'x-amz-metadata-directive': 'REPLACE',
        'content-type': 'application/zip',
        [SHA256_META]: hashed.sha256,
      })
      const pinned = await head(to)
      if (!pinned || pinned.etag !== hashed.etag || pinned.size !== hashed.size) {
        await s3.call('DELETE', to)
        throw new AppError('CONFLICT', 'The package changed while it was being validated: upload it again.')
      }
      return { size: hashed.size, sha256: hashed.sha256 }
    },

    async digest(key) {
      const found = await head(key)
      if (!found) return undefined
      // Only the product writes a package's key, and it records the sha256 when it does.
      if (found.sha256) return { size: found.size, sha256: found.sha256 }
      const { size, sha256 } = await hashObject(key)
      return { size, sha256 }
    },

    async write(key, body, { maxBytes }) {
      // Held whole before the PUT (S3 wants its length first): only thumbnails are written so.
      const chunks: Buffer[] = []
      let size = 0
      for await (const chunk of body as AsyncIterable<Buffer>) {
        size += chunk.length
        if (size > maxBytes) throw tooLarge(maxBytes)
        chunks.push(chunk)
      }
      const bytes = Buffer.concat(chunks)
      const sha256 = createHash('sha256').update(bytes).digest('hex')
      await s3.call('PUT', key, { body: new Uint8Array(bytes), headers: { [SHA256_META]: sha256 } })
      return { size, sha256 }
    },

    async openSource(key) {
      const found = await head(key)
      if (!found) throw notFound(key)
      return rangedSource(found.size, async (start, end) => {
        const response = await get(key, { start, end })
        return new Uint8Array(await response.arrayBuffer())
      })
    },

    createReadStream(key, range) {
      // A Readable now, its bytes once the GET answers; a failed GET becomes the stream's error.
      const bytes = (async function* () {
        const response = await get(key, range)
        yield* Readable.fromWeb(response.body as NodeWebStream<Uint8Array>)
      })()
      return Readable.from(bytes, { objectMode: false })
    },

    async stat(key) {
      const found = await head(key)
      return found ? { size: found.size } : undefined
    },

    async delete(key) {
      await s3.call('DELETE', key, { allow: [404] })
    },

    list: (prefix) => listKeys(s3, `${prefix}/`),

    async probe() {
      // What an upload needs: a write where uploads go, read back, then removed. A probe left by
      // a crash is an object no record owns, so the next sweep removes it.
      const key = `uploads/probe-${randomBytes(6).toString('hex')}.zip`
      try {
        await s3.call('PUT', key, { body: new TextEncoder().encode('ready') })
        await s3.call('HEAD', key)
      } finally {
        await s3.call('DELETE', key, { allow: [404] })
      }
    },

    // A PUT to object storage is whole or absent: nothing half-written to clean up.
    removeStaleTemporaryFiles: async () => 0,
  }
}
