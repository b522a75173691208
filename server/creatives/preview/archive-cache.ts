// Open package zips, kept by uuid so a preview's many asset requests read the central
// directory once and small files (up to 1 MiB) come from memory after their first read (a
// package's files never change under one uuid). A deleted or replaced package is evicted by the service's
// `removed` event.
import { readZip, type ZipArchive, type ZipEntry } from '../../../shared/zip/zip-reader.ts'
import type { BlobStore, ClosableByteSource } from '../../platform/storage/blob-store.ts'

const CACHEABLE_FILE_BYTES = 1024 * 1024
const CACHE_BUDGET_BYTES = 64 * 1024 * 1024

export interface OpenPackage {
  archive: ZipArchive
  source: ClosableByteSource
  /** Where the zip is, for streams that read it through a handle of their own. */
  blobKey: string
  /** Folder of the entry HTML inside the zip ('' or 'wrapper/'). */
  root: string
  entry: string
  /** Inflated, CRC-checked files, by path. */
  files: Map<string, Uint8Array>
  cachedBytes: number
}

export interface PackageLocation {
  blobKey: string
  entry: string
}

export function createArchiveCache(blobStore: BlobStore, capacity = 64) {
  const open = new Map<string, Promise<OpenPackage | undefined>>()
  let cachedBytes = 0

  async function load(location: PackageLocation): Promise<OpenPackage> {
    const source = await blobStore.openSource(location.blobKey)
    try {
      const archive = await readZip(source)
      const root = location.entry.slice(0, location.entry.lastIndexOf('/') + 1)
      return {
        archive,
        source,
        blobKey: location.blobKey,
        root,
        entry: location.entry,
        files: new Map(),
        cachedBytes: 0,
      }
    } catch (error) {
      await source.close()
      throw error
    }
  }

  function evict(uuid: string): void {
    const pending = open.get(uuid)
    if (!pending) return
    open.delete(uuid)
    pending
      .then((item) => {
        if (!item) return
        cachedBytes -= item.cachedBytes
        return item.source.close()
      })
      .catch(() => {})
  }

  return {
    /** The open package; `locate` is asked only when it is not open yet. */
    get(uuid: string, locate: () => Promise<PackageLocation | undefined>): Promise<OpenPackage | undefined> {
      let pending = open.get(uuid)
      if (pending) {
        // Most recently used last, so the first key is the one to evict.
        open.delete(uuid)
        open.set(uuid, pending)
        return pending
      }
      pending = locate().then((location) => (location ? load(location) : undefined))
      // Not a package (or not readable): asked again next time.
      pending.then(
        (item) => item ?? open.delete(uuid),
        () => open.delete(uuid),
      )
      open.set(uuid, pending)
      if (open.size > capacity) evict(open.keys().next().value!)
      return pending
    },

    /** Small files are read whole (and kept); larger ones are streamed (entry-stream.ts). */
    isSmall: (entry: ZipEntry) => entry.size <= CACHEABLE_FILE_BYTES,

    /** A handle of the stream's own: eviction may close the package's handle while it reads. */
    openOwnSource: (pkg: OpenPackage) => blobStore.openSource(pkg.blobKey),

    async read(pkg: OpenPackage, entry: ZipEntry): Promise<Uint8Array> {
      const cached = pkg.files.get(entry.path)
      if (cached) return cached
      const bytes = await pkg.archive.readEntry(entry, CACHEABLE_FILE_BYTES)
      if (cachedBytes + bytes.length <= CACHE_BUDGET_BYTES) {
        pkg.files.set(entry.path, bytes)
        pkg.cachedBytes += bytes.length
        cachedBytes += bytes.length
      }
      return bytes
    },

    evict,
    closeAll(): void {
      for (const uuid of [...open.keys()]) evict(uuid)
    },
  }
}

export type ArchiveCache = ReturnType<typeof createArchiveCache>
