// Where package zips and thumbnails live: the local disk (local/) by default, an S3-compatible
// bucket (s3/) when S3_BUCKET is set, whose presigned PUT is exactly the spec's `signedRequest`.
//
// The driver owns its whole upload path: it signs the URL and receives the body (the local
// store with its own PUT route, object storage by itself). What an upload URL can write is
// never served: validation pins the body under the package's key, which no URL can write, and
// answers the size and sha256 of the pinned bytes; create checks the pinned bytes still have
// them. Previews and downloads read only the package's key.
import type { Readable } from 'node:stream'
import type { Hono } from 'hono'
import type { ClosableByteSource } from './file-source.ts'

export type { ClosableByteSource }

export interface SignedPutRequest {
  key: string
  contentType: string
  maxBytes: number
  expiresInSeconds: number
}

export interface StoredBlob {
  size: number
  sha256: string
}

export interface BlobStore {
  /** An absolute URL the browser PUTs the file to, with no bearer header. */
  signUploadUrl(request: SignedPutRequest): Promise<string>
  /** Where those URLs point (its origin goes into the app's Content-Security-Policy). */
  readonly uploadUrl: string
  /** Routes the driver serves itself under `${BASE_PATH}/files/upload` (the local store's PUT). */
  uploadRoutes?: Hono
  /** Copies what `from` holds to `to` (a key no upload URL can write); answers what `to` holds. */
  pin(from: string, to: string): Promise<StoredBlob>
  /** Size and sha256 of what `key` holds now, read back from the store. */
  digest(key: string): Promise<StoredBlob | undefined>
  /** Writes a body to `key` atomically: nothing is visible under `key` until all of it is stored. */
  write(key: string, body: Readable, options: { maxBytes: number }): Promise<StoredBlob>
  openSource(key: string): Promise<ClosableByteSource>
  /** The blob's bytes, or the inclusive byte range `range` of them. */
  createReadStream(key: string, range?: { start: number; end: number }): Readable
  stat(key: string): Promise<{ size: number } | undefined>
  delete(key: string): Promise<void>
  /** Every key under a prefix (for the orphan sweep). */
  list(prefix: string): Promise<string[]>
  /** Throws when the store cannot take a write now (full, read-only, gone): the readiness check. */
  probe(): Promise<void>
  /** Removes what interrupted writes left behind; answers how many files went. */
  removeStaleTemporaryFiles(olderThanMs: number): Promise<number>
}

/** Keys the product hands out: an upload's body, a package's pinned zip, its thumbnail. */
export const BLOB_KEY_PATTERN = /^(uploads|packages|thumbnails)\/[A-Za-z0-9-]+\.(zip|png)$/

export const blobKeys = {
  upload: (uuid: string) => `uploads/${uuid}.zip`,
  package: (uuid: string) => `packages/${uuid}.zip`,
  thumbnail: (uuid: string) => `thumbnails/${uuid}.png`,
  uuidOf: (key: string) => /^[a-z]+\/([A-Za-z0-9-]+)\.[a-z]+$/.exec(key)?.[1],
}
