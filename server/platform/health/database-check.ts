import { MESSAGES } from '../../../shared/constants.ts'
import type { Database } from '../db/database.ts'
import { isDatabaseUnreachable } from '../db/database-unreachable.ts'

/** The database is open, migrated and answers a read of the table everything needs. */
export async function checkDatabase(db: Database): Promise<void> {
  const { packages } = db.tables
  try {
    await db.orm.select({ id: packages.id }).from(packages).limit(1)
  } catch (error) {
    // The query's own message quotes its SQL; say what is wrong instead.
    if (isDatabaseUnreachable(error)) throw new Error(MESSAGES.databaseUnreachable, { cause: error })
    throw error
  }
}
