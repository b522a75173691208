import type { Db } from '../db/client.ts'

/** The database is open, migrated and answers a read of the table everything needs. */
export function checkDatabase(db: Db): void {
  db.$client.prepare('SELECT 1 FROM packages LIMIT 1').get()
}
