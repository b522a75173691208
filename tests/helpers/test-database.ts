// Which database the product under test uses: SQLite in the test's data folder, copied from the
// run's migrated one (tests/setup/built-once-setup.ts), or, in the `postgres` project of
// vitest.config (TEST_DATABASE_URL set by tests/postgres/file-database.ts), the test file's own
// PostgreSQL database, itself a copy of the migrated template.
import fs from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import { DATABASE_FILE } from '../../server/platform/db/open-database.ts'
import { providedOnce } from '../setup/built-once.ts'

export const testDialect = (): 'sqlite' | 'postgres' =>
  process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'

/**
 * The environment that points a product with data folder `dataDir` at the test database. On
 * SQLite the run's migrated database is copied there, so the product's start-up migration (still
 * run, as by `npm start`) has nothing left to apply; outside a Vitest run it migrates a new one.
 * On PostgreSQL every product of a test file shares the file's database: tests make names of
 * their own rather than count on an empty database.
 */
export function productDatabaseEnv(dataDir: string): Record<string, string> {
  const url = process.env.TEST_DATABASE_URL
  if (url) return { DATABASE_URL: url }
  const migrated = providedOnce('migratedSqlite')
  if (migrated !== undefined) {
    fs.mkdirSync(dataDir, { recursive: true })
    fs.copyFileSync(migrated, path.join(dataDir, DATABASE_FILE))
  }
  return {}
}

/**
 * The environment that points at the test database emptied (empty for SQLite, whose database is
 * new in each data folder): for tests that open several databases in one file and count rows.
 */
export async function testDatabaseEnv(): Promise<Record<string, string>> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) return {}
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const { rows } = await client.query<{ name: string }>(
      "SELECT quote_ident(tablename) AS name FROM pg_tables WHERE schemaname = 'public'",
    )
    if (rows.length > 0) await client.query(`TRUNCATE ${rows.map((r) => r.name).join(', ')} RESTART IDENTITY`)
  } finally {
    await client.end()
  }
  return { DATABASE_URL: url }
}
