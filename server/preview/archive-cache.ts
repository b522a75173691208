// Open package zips, kept by uuid so a preview's many asset requests read the central
// directory once. A package's files never change under one uuid; a deleted or replaced one is
// evicted by the service's `removed` event.
import type { ZipArchive } from '../../shared/zip/zip-reader.ts'
import { readZip } from '../../shared/zip/zip-reader.ts'
import type { BlobStore, ClosableByteSource } from '../storage/blob-store.ts'

export interface OpenPackage {
  archive: ZipArchive
  source: ClosableByteSource
  /** Folder of the entry HTML inside the zip ('' or 'wrapper/'). */
  root: string
  entry: string
}

export function createArchiveCache(blobStore: BlobStore, capacity = 64) {
  const open = new Map<string, Promise<OpenPackage>>()

  async function load(blobKey: string, entry: string): Promise<OpenPackage> {
    const source = await blobStore.openSource(blobKey)
    try {
      const archive = await readZip(source)
      return { archive, source, root: entry.slice(0, entry.lastIndexOf('/') + 1), entry }
    } catch (error) {
      await source.close()
      throw error
    }
  }

  function evict(uuid: string): void {
    const pending = open.get(uuid)
    if (!pending) return
    open.delete(uuid)
    pending.then((item) => item.source.close()).catch(() => {})
  }

  return {
    get(uuid: string, blobKey: string, entry: string): Promise<OpenPackage> {
      let pending = open.get(uuid)
      if (pending) {
        // Most recently used last, so the first key is the one to evict.
        open.delete(uuid)
        open.set(uuid, pending)
        return pending
      }
      pending = load(blobKey, entry)
      pending.catch(() => open.delete(uuid))
      open.set(uuid, pending)
      if (open.size > capacity) evict(open.keys().next().value!)
      return pending
    },
    evict,
    closeAll(): void {
      for (const uuid of [...open.keys()]) evict(uuid)
    },
  }
}
