// A page of package records made ready for the target: each record's zip (and thumbnail, when it
// has one) moved and verified first, so the target never holds a record whose file is missing,
// even while a move is under way or after it was killed. Files move several at a time.
import type { Database } from '../../platform/db/database.ts'
import type { BlobStore } from '../../platform/storage/blob-store.ts'
import { type FileMoved, FileProblem, moveFile } from './move-file.ts'

type PackageRecord = Database['tables']['packages']['$inferSelect']

/** What the move did to files so far, and the files it could not move (each named). */
export interface FileTally extends Record<FileMoved, number> {
  problems: string[]
}

const FILES_AT_ONCE = 8

async function eachAtMost<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length)
  let next = 0
  const lane = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await work(items[index]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane))
  return results
}

/** The record as the target gets it once its files are there, or undefined when its zip cannot move. */
async function movePackageFiles(
  blobsDir: string,
  blobs: BlobStore,
  record: PackageRecord,
  tally: FileTally,
): Promise<PackageRecord | undefined> {
  const named = `${record.filename} (${record.uuid})`
  try {
    const zip = await moveFile(blobsDir, blobs, record.blobKey, record.sha256)
    if (!zip) {
      tally.problems.push(`${record.blobKey}: missing from the source folder (package ${named})`)
      return undefined
    }
    tally[zip]++
    if (!record.thumbnailKey) return record
    const thumbnail = await moveFile(blobsDir, blobs, record.thumbnailKey)
    if (thumbnail) tally[thumbnail]++
    // A thumbnail the source lost: the list shows the package's fallback image instead.
    return thumbnail ? record : { ...record, thumbnailKey: null }
  } catch (error) {
    if (!(error instanceof FileProblem)) throw error
    tally.problems.push(`${error.message} (package ${named})`)
    return undefined
  }
}

/** The records of a page whose files are in the target, in the page's order. */
export async function withFilesMoved(
  blobsDir: string,
  blobs: BlobStore,
  records: PackageRecord[],
  tally: FileTally,
): Promise<PackageRecord[]> {
  const moved = await eachAtMost(records, FILES_AT_ONCE, (record) =>
    movePackageFiles(blobsDir, blobs, record, tally),
  )
  return moved.filter((record) => record !== undefined)
}
