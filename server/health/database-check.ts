import type { Database } from '../db/database.ts'

/** The database is open, migrated and answers a read of the table everything needs. */
export async function checkDatabase(db: Database): Promise<void> {
  const { packages } = db.tables
  await db.orm.select({ id: packages.id }).from(packages).limit(1)
}
