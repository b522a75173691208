// The local-disk blob store: files under <dataDir>/blobs, written to a temp file beside their
// final place, fsynced and renamed, so a crash or an aborted upload never leaves a half file
// under a real key (a stray temp file is removed by the next sweep).
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { type Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { AppError } from '../errors.ts'
import { BLOB_KEY_PATTERN, type BlobStore, blobKeys, type StoredBlob } from './blob-store.ts'
import { openFileSource } from './file-source.ts'
import { signPutQuery } from './signed-url.ts'

export const TEMP_PREFIX = '.incoming-'

export interface LocalDiskStoreOptions {
  root: string
  /** HMAC secret for signed PUT URLs. */
  secret: Buffer
  /** Absolute URL of the PUT route (`${appUrl}/files/upload`). */
  putUrl: string
  now?: () => number
}

/** Reads the signing secret from the keys folder, creating it (0600) on first start. */
export function loadOrCreateSecret(file: string): Buffer {
  try {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  const secret = randomBytes(32)
  fs.writeFileSync(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' })
  return secret
}

function isNoSpace(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return code === 'ENOSPC' || code === 'EDQUOT'
}

export function createLocalDiskStore(options: LocalDiskStoreOptions): BlobStore {
  const root = path.resolve(options.root)
  const now = options.now ?? Date.now

  function fileOf(key: string): string {
    if (!BLOB_KEY_PATTERN.test(key)) throw new Error(`Invalid blob key: ${key}`)
    return path.join(root, key)
  }

  return {
    uploadUrl: options.putUrl,
    signPutUrl({ key, contentType, maxBytes, expiresInSeconds }) {
      fileOf(key)
      const expires = Math.floor(now() / 1000) + expiresInSeconds
      return `${options.putUrl}?${signPutQuery(options.secret, { key, contentType, maxBytes, expires })}`
    },

    async write(key, body: Readable, { maxBytes }): Promise<StoredBlob> {
      const target = fileOf(key)
      await fsp.mkdir(path.dirname(target), { recursive: true })
      const temp = path.join(path.dirname(target), `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`)
      const hash = createHash('sha256')
      let size = 0
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length
          if (size > maxBytes) {
            callback(new AppError('PAYLOAD_TOO_LARGE', `The package is larger than ${maxBytes} bytes.`))
            return
          }
          hash.update(chunk)
          callback(null, chunk)
        },
      })
      try {
        // flush: fsync before close, so the rename below never publishes a file the disk lacks.
        await pipeline(body, meter, fs.createWriteStream(temp, { flags: 'wx', mode: 0o600, flush: true }))
        await fsp.rename(temp, target)
        return { size, sha256: hash.digest('hex') }
      } catch (error) {
        await fsp.rm(temp, { force: true })
        if (isNoSpace(error)) {
          throw new AppError(
            'INSUFFICIENT_STORAGE',
            'The server is out of disk space: the upload was not saved.',
            {},
            { cause: error },
          )
        }
        throw error
      }
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
      const folder = path.dirname(fileOf(blobKeys.package('probe')))
      await fsp.mkdir(folder, { recursive: true })
      const file = path.join(folder, `${TEMP_PREFIX}probe-${randomBytes(6).toString('hex')}`)
      try {
        await fsp.writeFile(file, 'ready', { flag: 'wx', flush: true })
      } finally {
        await fsp.rm(file, { force: true })
      }
    },

    async removeStaleTemporaryFiles(olderThanMs) {
      let removed = 0
      const folders = await fsp.readdir(root).catch(() => [] as string[])
      for (const folder of folders) {
        const names = await fsp.readdir(path.join(root, folder)).catch(() => [] as string[])
        for (const name of names.filter((n) => n.startsWith(TEMP_PREFIX))) {
          const file = path.join(root, folder, name)
          const stat = await fsp.stat(file).catch(() => undefined)
          if (stat && now() - stat.mtimeMs >= olderThanMs) {
            await fsp.rm(file, { force: true })
            removed++
          }
        }
      }
      return removed
    },
  }
}
