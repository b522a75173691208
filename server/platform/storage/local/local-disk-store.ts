// The local-disk blob store: files under <dataDir>/blobs. It owns the upload path: it signs PUT
// URLs (HMAC, signed-url.ts) and receives their bodies itself (upload-route.ts). One upload URL
// stores at most one body: the body is linked under the upload's key only if none is there yet,
// so a second PUT (racing the first, or after validation) is refused and changes nothing.
// Pinning hard-links that body under the package's key, which no URL can write.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { AppError } from '../../errors.ts'
import { BLOB_KEY_PATTERN, type BlobStore, blobKeys } from '../blob-store.ts'
import { openFileSource } from '../file-source.ts'
import { digestFile, removeStaleTempFiles, TEMP_PREFIX, writeThroughTemp } from './disk-files.ts'
import { signPutQuery } from './signed-url.ts'
import { createUploadRoutes } from './upload-route.ts'

export interface LocalDiskStoreOptions {
  root: string
  /** HMAC secret for signed PUT URLs. */
  secret: Buffer
  /** Absolute URL of the PUT route (`${appUrl}/files/upload`). */
  putUrl: string
  now?: () => number
}

export const UPLOAD_URL_USED = 'This upload URL has already been used: ask for a new upload URL.'

export function createLocalDiskStore(options: LocalDiskStoreOptions): BlobStore {
  const root = path.resolve(options.root)
  // Read when asked (not captured), so a test that moves the clock moves it here too.
  const now = options.now ?? (() => Date.now())

  function fileOf(key: string): string {
    if (!BLOB_KEY_PATTERN.test(key)) throw new Error(`Invalid blob key: ${key}`)
    return path.join(root, key)
  }

  /** The body of a signed PUT, stored under `key` unless a body is there already. */
  async function receive(key: string, body: Readable, maxBytes: number): Promise<void> {
    const target = fileOf(key)
    await writeThroughTemp(path.dirname(target), body, { maxBytes, hash: false }, async (temp) => {
      await fsp.link(temp, target).catch((error: NodeJS.ErrnoException) => {
        throw error.code === 'EEXIST' ? new AppError('CONFLICT', UPLOAD_URL_USED) : error
      })
    })
  }

  return {
    uploadUrl: options.putUrl,
    async signUploadUrl({ key, contentType, maxBytes, expiresInSeconds }) {
      fileOf(key)
      const expires = Math.floor(now() / 1000) + expiresInSeconds
      return `${options.putUrl}?${signPutQuery(options.secret, { key, contentType, maxBytes, expires })}`
    },

    uploadRoutes: createUploadRoutes({ secret: options.secret, now, receive }),

    async pin(from, to) {
      const target = fileOf(to)
      await fsp.mkdir(path.dirname(target), { recursive: true })
      // Linked beside, then renamed over: a pin done twice leaves one complete file.
      const temp = path.join(path.dirname(target), `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`)
      await fsp.link(fileOf(from), temp)
      await fsp.rename(temp, target)
      // rename() of two links to one file (pinned before) does nothing and leaves the temp name.
      await fsp.rm(temp, { force: true })
      const pinned = await digestFile(target)
      if (!pinned) throw new Error(`The pinned file ${to} is gone`)
      return pinned
    },

    digest: (key) => digestFile(fileOf(key)),

    async write(key, body, { maxBytes }) {
      const target = fileOf(key)
      const stored = await writeThroughTemp(path.dirname(target), body, { maxBytes, hash: true }, (temp) =>
        fsp.rename(temp, target),
      )
      return { size: stored.size, sha256: stored.sha256 ?? '' }
    },

    openSource: (key) => openFileSource(fileOf(key)),

    createReadStream: (key, range) => fs.createReadStream(fileOf(key), range),

    async stat(key) {
      const stat = await fsp.stat(fileOf(key)).catch(() => undefined)
      return stat?.isFile() ? { size: stat.size } : undefined
    },

    async delete(key) {
      await fsp.rm(fileOf(key), { force: true })
    },

    async list(prefix) {
      const names = await fsp.readdir(path.join(root, prefix)).catch(() => [] as string[])
      return names.filter((name) => !name.startsWith(TEMP_PREFIX)).map((name) => `${prefix}/${name}`)
    },

    async probe() {
      // A few bytes written, fsynced and removed where uploads go: what an upload needs, without
      // its size. Named like a temporary file, so one left by a crash goes with the next sweep.
      const folder = path.dirname(fileOf(blobKeys.upload('probe')))
      await fsp.mkdir(folder, { recursive: true })
      const file = path.join(folder, `${TEMP_PREFIX}probe-${randomBytes(6).toString('hex')}`)
      try {
        await fsp.writeFile(file, 'ready', { flag: 'wx', flush: true })
      } finally {
        await fsp.rm(file, { force: true })
      }
    },

    removeStaleTemporaryFiles: (olderThanMs) => removeStaleTempFiles(root, olderThanMs, now()),
  }
}
