// The answer to a GET (or HEAD) of one file of a package: small files from the archive cache,
// larger ones streamed in constant memory, large deflated ones only a few at a time; a single
// Range is answered with 206 for every file (a creative's video seeks with them).
import type { Context } from 'hono'
import type { ZipEntry } from '../../../shared/zip/zip-reader.ts'
import { answerRanged, type ByteRange } from '../../platform/http/byte-range.ts'
import { pullStream } from '../../platform/http/pull-stream.ts'
import type { ArchiveCache, OpenPackage } from './archive-cache.ts'
import { entryBytes } from './entry-stream.ts'
import { createInflationSlots } from './inflation-slots.ts'
import { injectSdk } from './sdk-injection.ts'

/** The entry HTML is read whole to put mraid.js first; a larger one (never seen in practice) is
 *  streamed as stored, like ?raw=1. */
const MAX_INJECTED_HTML_BYTES = 8 * 1024 * 1024

export interface EntryAnswerDeps {
  archives: ArchiveCache
  slots?: ReturnType<typeof createInflationSlots>
}

export function createEntryAnswer(deps: EntryAnswerDeps) {
  const slots = deps.slots ?? createInflationSlots()

  async function streamed(c: Context, pkg: OpenPackage, entry: ZipEntry, range: ByteRange | undefined) {
    let release = () => {}
    if (entry.method === 8) {
      try {
        release = await slots.acquire(c.req.raw.signal)
      } catch {
        // The client left while waiting: nobody reads this.
        return undefined
      }
    }
    try {
      const dataStart = await pkg.archive.dataOffset(entry)
      const source = await deps.archives.openOwnSource(pkg)
      return pullStream(entryBytes(source, entry, dataStart, range), () => {
        release()
        source.close().catch(() => {})
      })
    } catch (error) {
      release()
      throw error
    }
  }

  return async function answerEntry(
    c: Context,
    pkg: OpenPackage,
    entry: ZipEntry,
    headers: Record<string, string>,
    options: { injectSdk: boolean },
  ): Promise<Response> {
    const etag = `"${entry.crc32.toString(16)}-${entry.size.toString(16)}"`
    if (options.injectSdk && entry.size <= MAX_INJECTED_HTML_BYTES) {
      const html = injectSdk(await pkg.archive.readEntry(entry, MAX_INJECTED_HTML_BYTES))
      return answerRanged(
        c,
        { size: html.length, etag: `${etag.slice(0, -1)}-sdk"`, headers },
        async (range) =>
          (range ? html.subarray(range.start, range.end + 1) : html) as Uint8Array<ArrayBuffer>,
      )
    }
    return answerRanged(c, { size: entry.size, etag, headers }, async (range) => {
      if (!deps.archives.isSmall(entry)) return streamed(c, pkg, entry, range)
      const bytes = await deps.archives.read(pkg, entry)
      return (range ? bytes.subarray(range.start, range.end + 1) : bytes) as Uint8Array<ArrayBuffer>
    })
  }
}
