// Files of the local store: a body is streamed to a temp file beside its final place (counted
// against its cap, fsynced before close) and only then given its name, so a crash or an aborted
// upload never leaves a half file under a real key; a stray temp file goes with the next sweep.
import { createHash, randomBytes } from 'node:crypto'
import fs from 'node:fs'
import fsp from 'node:fs/promises'
import path from 'node:path'
import { type Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { StoredBlob } from '../blob-store.ts'
import { diskFull, tooLarge } from '../storage-errors.ts'

export const TEMP_PREFIX = '.incoming-'

function isNoSpace(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  return code === 'ENOSPC' || code === 'EDQUOT'
}

/**
 * Streams `body` into a new temp file in `dir` and hands it to `place` (which names it); the
 * temp file is gone afterwards whatever happened. Answers the size and, with `hash`, the sha256.
 */
export async function writeThroughTemp(
  dir: string,
  body: Readable,
  options: { maxBytes: number; hash: boolean },
  place: (temp: string) => Promise<void>,
): Promise<{ size: number; sha256?: string }> {
  await fsp.mkdir(dir, { recursive: true })
  const temp = path.join(dir, `${TEMP_PREFIX}${randomBytes(8).toString('hex')}`)
  const hash = options.hash ? createHash('sha256') : undefined
  let size = 0
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length
      if (size > options.maxBytes) return callback(tooLarge(options.maxBytes))
      hash?.update(chunk)
      callback(null, chunk)
    },
  })
  try {
    // flush: fsync before close, so naming the file never publishes bytes the disk lacks.
    await pipeline(body, meter, fs.createWriteStream(temp, { flags: 'wx', mode: 0o600, flush: true }))
    await place(temp)
    return { size, ...(hash ? { sha256: hash.digest('hex') } : {}) }
  } catch (error) {
    throw isNoSpace(error) ? diskFull(error) : error
  } finally {
    await fsp.rm(temp, { force: true })
  }
}

/** Size and sha256 of a file, read back from the disk. */
export async function digestFile(file: string): Promise<StoredBlob | undefined> {
  const hash = createHash('sha256')
  let size = 0
  try {
    for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
      size += chunk.length
      hash.update(chunk)
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  return { size, sha256: hash.digest('hex') }
}

/** Removes temp files under `root`'s folders that are at least `olderThanMs` old. */
export async function removeStaleTempFiles(root: string, olderThanMs: number, now: number): Promise<number> {
  let removed = 0
  const folders = await fsp.readdir(root).catch(() => [] as string[])
  for (const folder of folders) {
    const names = await fsp.readdir(path.join(root, folder)).catch(() => [] as string[])
    for (const name of names.filter((n) => n.startsWith(TEMP_PREFIX))) {
      const file = path.join(root, folder, name)
      const stat = await fsp.stat(file).catch(() => undefined)
      if (stat && now - stat.mtimeMs >= olderThanMs) {
        await fsp.rm(file, { force: true })
        removed++
      }
    }
  }
  return removed
}
