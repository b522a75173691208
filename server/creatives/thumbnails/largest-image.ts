// The thumbnail fallback when no rendered one exists: the package's largest image (a banner's
// own artwork is usually the biggest file), read straight out of the zip.
import type { InspectionReport } from '../../../shared/inspector/types.ts'
import { readZip } from '../../../shared/zip/zip-reader.ts'
import { contentTypeOf } from '../../platform/http/content-type.ts'
import type { BlobStore } from '../../platform/storage/blob-store.ts'

const IMAGE = /\.(png|jpe?g|gif|webp|avif|svg)$/i
const MAX_IMAGE_BYTES = 5 * 1024 * 1024

export async function largestImage(
  blobStore: BlobStore,
  blobKey: string,
  report: InspectionReport | null,
): Promise<{ bytes: Uint8Array; contentType: string } | undefined> {
  const candidate = report?.files
    .filter((file) => IMAGE.test(file.path) && file.size <= MAX_IMAGE_BYTES)
    .sort((a, b) => b.size - a.size)[0]
  if (!candidate) return undefined
  const source = await blobStore.openSource(blobKey)
  try {
    const archive = await readZip(source)
    const entry = archive.get(candidate.path)
    if (!entry) return undefined
    return { bytes: await archive.readEntry(entry, MAX_IMAGE_BYTES), contentType: contentTypeOf(entry.path) }
  } catch {
    return undefined
  } finally {
    await source.close()
  }
}
