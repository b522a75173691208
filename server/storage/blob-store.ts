// Where package zips and thumbnails live. Local disk now; an S3-compatible store later
// implements the same interface (its presigned PUT is exactly the spec's `signedRequest`).
import type { Readable } from 'node:stream'
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
  signPutUrl(request: SignedPutRequest): string
  /** Where those URLs point (its origin goes into the app's Content-Security-Policy). */
  readonly uploadUrl: string
  /** Writes a body to `key` atomically: nothing is visible under `key` until all of it is on disk. */
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

/**
 * Keys the service hands out. An upload is PUT straight to its package key, so creating the
 * package moves nothing: the row is what makes it a package.
 */
export const BLOB_KEY_PATTERN = /^(packages|thumbnails)\/[A-Za-z0-9-]+\.(zip|png)$/

export const blobKeys = {
  package: (uuid: string) => `packages/${uuid}.zip`,
  thumbnail: (uuid: string) => `thumbnails/${uuid}.png`,
  uuidOf: (key: string) => /^[a-z]+\/([A-Za-z0-9-]+)\.[a-z]+$/.exec(key)?.[1],
}
