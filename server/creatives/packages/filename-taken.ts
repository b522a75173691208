// Whether a package of this name exists (the default policy refuses a second one and asks):
// the name itself, or one that looks the same (shared/filename.ts: lookalike letters of other
// scripts), so "pаypal.zip" with a Cyrillic "а" is asked about as "paypal.zip" is. Forms and
// invisible characters need no lookup of their own: names are stored without them.
import { eq, sql } from 'drizzle-orm'
import { filenameLength, filenameSkeleton } from '../../../shared/filename.ts'
import type { Database } from '../../platform/db/database.ts'

export async function filenameTaken(db: Database, filename: string): Promise<boolean> {
  const { packages } = db.tables
  const same = await db.orm
    .select({ id: packages.id })
    .from(packages)
    .where(eq(packages.filename, filename))
    .limit(1)
  if (same.length > 0) return true
  const skeleton = filenameSkeleton(filename)
  const sameLength = await db.orm
    .selectDistinct({ filename: packages.filename })
    .from(packages)
    .where(sql`length(${packages.filename}) = ${filenameLength(filename)}`)
  return sameLength.some((row) => filenameSkeleton(row.filename) === skeleton)
}
