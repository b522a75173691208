// Which database the product under test uses: SQLite in the test's data folder, or, in the
// `postgres` project of vitest.config (TEST_DATABASE_URL set by tests/postgres/file-database.ts),
// the test file's own PostgreSQL database, emptied before each product starts on it.
import pg from 'pg'

export const testDialect = (): 'sqlite' | 'postgres' =>
  process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite'

/** The environment that points a product at the test database (empty for SQLite). */
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
