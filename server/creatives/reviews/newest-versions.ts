// The newest version (highest filename_version) of each file name a review link names: what
// the link shows. A Replace keeps the row and changes its uuid; a Keep both adds a row.
import { inArray } from 'drizzle-orm'
import type { Database, Orm } from '../../platform/db/database.ts'

export type PackageRow = Database['tables']['packages']['$inferSelect']

export async function newestVersions(db: Database, orm: Orm, filenames: string[]): Promise<PackageRow[]> {
  if (filenames.length === 0) return []
  const { packages } = db.tables
  const rows = await orm.select().from(packages).where(inArray(packages.filename, filenames))
  const newest = new Map<string, PackageRow>()
  for (const row of rows) {
    const kept = newest.get(row.filename)
    if (!kept || row.filenameVersion > kept.filenameVersion) newest.set(row.filename, row)
  }
  return filenames.flatMap((name) => newest.get(name) ?? [])
}
