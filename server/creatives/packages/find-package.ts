// Where a package's files are, for the capability routes a browser opens without a token
// (preview, download, thumbnail): undefined when there is no such package.
import { eq } from 'drizzle-orm'
import type { InspectionReport } from '../../../shared/inspector/inspect.ts'
import type { Database } from '../../platform/db/database.ts'

export async function findPackage(db: Database, uuid: string) {
  const { packages } = db.tables
  const [found] = await db.orm
    .select({
      filename: packages.filename,
      blobKey: packages.blobKey,
      entry: packages.entry,
      thumbnailKey: packages.thumbnailKey,
      adWidth: packages.adWidth,
      adHeight: packages.adHeight,
      sha256: packages.sha256,
      fileSize: packages.fileSize,
      inspection: packages.inspection,
    })
    .from(packages)
    .where(eq(packages.uuid, uuid))
  return found && { ...found, inspection: (found.inspection as InspectionReport | null) ?? null }
}

export type FoundPackage = NonNullable<Awaited<ReturnType<typeof findPackage>>>
