import { eq } from 'drizzle-orm'
import type { Database } from '../../platform/db/database.ts'

/** Whether a package of this name exists (the default policy refuses a second one). */
export async function filenameTaken(db: Database, filename: string): Promise<boolean> {
  const { packages } = db.tables
  const found = await db.orm
    .select({ id: packages.id })
    .from(packages)
    .where(eq(packages.filename, filename))
    .limit(1)
  return found.length > 0
}
