// One file of the source folder copied into the target store, then read back from it: a file
// counts as moved only once the target answers the source file's size and sha256. A file the
// target already holds with those (an earlier run's copy) is left as it is, so a re-run after a
// kill copies only what is missing.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { BlobStore, StoredBlob } from '../../platform/storage/blob-store.ts'

export type FileMoved = 'copied' | 'present'

/** A file that cannot be moved as it is: the move goes on with the others and says so at the end. */
export class FileProblem extends Error {}

async function digestOf(bytes: AsyncIterable<Uint8Array>): Promise<StoredBlob> {
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of bytes) {
    size += chunk.byteLength
    hash.update(chunk)
  }
  return { size, sha256: hash.digest('hex') }
}

const same = (a: StoredBlob | undefined, b: StoredBlob) => a?.size === b.size && a.sha256 === b.sha256

/** What the target holds under `key`, read back whole (not its recorded checksum). */
async function readBack(target: BlobStore, key: string): Promise<StoredBlob | undefined> {
  if (!(await target.stat(key))) return undefined
  return digestOf(target.createReadStream(key))
}

/**
 * Moves `key` from `<sourceRoot>/<key>` to `target`. `expectedSha256` is the record's: a source
 * file that no longer matches its record is not moved. Answers undefined when the source file is
 * missing.
 */
export async function moveFile(
  sourceRoot: string,
  target: BlobStore,
  key: string,
  expectedSha256?: string,
): Promise<FileMoved | undefined> {
  const file = path.join(sourceRoot, key)
  const source = await digestOf(fs.createReadStream(file)).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw error
  })
  if (!source) return undefined
  if (expectedSha256 && source.sha256 !== expectedSha256) {
    throw new FileProblem(`${key}: the file's sha256 is ${source.sha256}, its record says ${expectedSha256}`)
  }
  if (same(await readBack(target, key), source)) return 'present'
  await target.write(key, fs.createReadStream(file), { maxBytes: source.size })
  const copied = await readBack(target, key)
  if (!same(copied, source)) {
    throw new FileProblem(
      `${key}: the copy reads back as ${copied ? `${copied.size} bytes, sha256 ${copied.sha256}` : 'missing'} instead of ${source.size} bytes, sha256 ${source.sha256}`,
    )
  }
  return 'copied'
}
