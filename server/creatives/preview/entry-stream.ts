// One entry of a stored zip as a stream of bytes, in memory bounded by a constant whatever the
// entry's size (a small zip can declare a huge entry): the stored bytes are read 64 KiB at a time, inflated by zlib on
// libuv's thread pool (off the event loop), never past the size the directory declares, and
// CRC-checked at the end. A range reads only what it needs of a stored entry; of a deflated
// one it inflates up to its end and drops what comes before its start.
import { pipeline, Readable } from 'node:stream'
import zlib from 'node:zlib'
import type { ByteSource } from '../../../shared/zip/byte-source.ts'
import { type ZipEntry, ZipFormatError } from '../../../shared/zip/zip-reader.ts'
import type { ByteRange } from '../../platform/http/byte-range.ts'
import { countStreamed } from '../../platform/http/streamed-garbage.ts'

const READ_STEP = 64 * 1024

const corrupt = (entry: ZipEntry) =>
  new ZipFormatError('zip.corrupt', `${entry.path} is corrupt or truncated.`)

async function* storedBytes(source: ByteSource, entry: ZipEntry, from: number, to: number) {
  for (let at = from; at < to; at += READ_STEP) {
    const bytes = await source.read(at, Math.min(READ_STEP, to - at))
    if (bytes.length === 0) throw corrupt(entry)
    countStreamed(bytes.length)
    yield bytes
  }
}

async function* inflatedBytes(source: ByteSource, entry: ZipEntry, dataStart: number) {
  const compressed = Readable.from(storedBytes(source, entry, dataStart, dataStart + entry.compressedSize), {
    objectMode: false,
  })
  const inflater = zlib.createInflateRaw({ chunkSize: READ_STEP })
  // Errors on either side surface through the iteration below.
  pipeline(compressed, inflater, () => {})
  let size = 0
  try {
    for await (const chunk of inflater as AsyncIterable<Buffer>) {
      size += chunk.length
      if (size > entry.size) {
        throw new ZipFormatError(
          'zip.bomb',
          `${entry.path} inflates past its declared size: the archive is not trustworthy.`,
        )
      }
      yield chunk
    }
  } catch (error) {
    if (error instanceof ZipFormatError) throw error
    throw new ZipFormatError('zip.corrupt', `${entry.path} is corrupt: it does not inflate.`)
  } finally {
    compressed.destroy()
    inflater.destroy()
  }
  if (size !== entry.size) throw corrupt(entry)
}

/** The whole entry, refused at the end when its CRC does not match the directory's. */
async function* checked(chunks: AsyncIterable<Uint8Array>, entry: ZipEntry) {
  let crc = 0
  for await (const chunk of chunks) {
    crc = zlib.crc32(chunk, crc)
    yield chunk
  }
  if (crc !== entry.crc32) throw new ZipFormatError('zip.corrupt', `${entry.path} is corrupt (CRC mismatch).`)
}

async function* sliced(chunks: AsyncIterable<Uint8Array>, range: ByteRange) {
  let at = 0
  for await (const chunk of chunks) {
    const from = Math.max(range.start - at, 0)
    const to = Math.min(range.end + 1 - at, chunk.length)
    at += chunk.length
    if (to > from) yield chunk.subarray(from, to)
    if (at > range.end) return
  }
}

/** The entry's bytes (or `range` of them); `dataStart` is from `ZipArchive.dataOffset`. */
export function entryBytes(
  source: ByteSource,
  entry: ZipEntry,
  dataStart: number,
  range?: ByteRange,
): AsyncGenerator<Uint8Array> {
  if (entry.method === 0) {
    return range
      ? storedBytes(source, entry, dataStart + range.start, dataStart + range.end + 1)
      : checked(storedBytes(source, entry, dataStart, dataStart + entry.size), entry)
  }
  const inflated = inflatedBytes(source, entry, dataStart)
  return range ? sliced(inflated, range) : checked(inflated, entry)
}
