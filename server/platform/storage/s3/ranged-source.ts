// A stored object as a ByteSource read by ranged GETs: the zip reader asks for the tail (the
// central directory) first and then for headers and entries, so a package is inspected and
// previewed without being downloaded. Small reads come from aligned blocks, a few of which are
// kept per open object, so the many short reads of a zip (a 30-byte local header, then its
// data) cost one request, not two.
import type { ClosableByteSource } from '../file-source.ts'

const BLOCK_BYTES = 128 * 1024
const BLOCKS_KEPT = 4

export type RangeFetch = (start: number, endInclusive: number) => Promise<Uint8Array>

export function rangedSource(size: number, fetchRange: RangeFetch): ClosableByteSource {
  const blocks = new Map<number, Promise<Uint8Array>>()

  function block(index: number): Promise<Uint8Array> {
    let pending = blocks.get(index)
    if (pending) {
      // Most recently used last.
      blocks.delete(index)
    } else {
      const start = index * BLOCK_BYTES
      pending = fetchRange(start, Math.min(size, start + BLOCK_BYTES) - 1)
      pending.catch(() => blocks.delete(index))
    }
    blocks.set(index, pending)
    for (const oldest of blocks.keys()) {
      if (blocks.size <= BLOCKS_KEPT) break
      blocks.delete(oldest)
    }
    return pending
  }

  return {
    size,
    async read(offset, length) {
      const end = Math.min(size, offset + length)
      if (end <= offset) return new Uint8Array(0)
      const first = Math.floor(offset / BLOCK_BYTES)
      const last = Math.floor((end - 1) / BLOCK_BYTES)
      // Long reads (an entry streamed 64 KiB at a time counts as short) go straight through.
      if (last - first > 1) return fetchRange(offset, end - 1)
      const parts = await Promise.all(Array.from({ length: last - first + 1 }, (_, i) => block(first + i)))
      const joined = parts.length === 1 ? parts[0]! : Buffer.concat(parts)
      const from = offset - first * BLOCK_BYTES
      return joined.subarray(from, from + (end - offset))
    },
    async close() {
      blocks.clear()
    },
  }
}
