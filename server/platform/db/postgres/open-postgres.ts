// PostgreSQL through node-postgres (DATABASE_URL=postgres://...): a connection pool, the
// committed PostgreSQL migrations applied at start under an advisory lock (so several app
// processes starting at once migrate once), real transactions, and a per-key advisory lock for
// writers that must not interleave (two creates of one filename choosing its next version).
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { logger } from '../../log/logger.ts'
import type { Database, Orm } from '../database.ts'
import { defineTables } from '../tables.ts'
import { postgresKit } from './kit.ts'

/** Any fixed number: the lock every starting process takes while it migrates. */
const tables = defineTables(postgresKit)
const MIGRATION_LOCK = 7_301_924

export async function openPostgres(url: string, options: { migrationsDir: string }): Promise<Database> {
  // A server that does not answer at all (a dropped route, not a refused port) must not hold
  // requests forever: past 10 s a connection attempt fails, and the caller gets a 503.
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: 10_000 })
  // A lost connection (the server restarted or crashed) must not take the process down: the
  // pool listens on its idle connections only, and a connection lost while checked out (a
  // transaction open, a job claiming) emits 'error' with nobody listening: an uncaught
  // exception. So every connection gets a listener for its whole life; its query fails, and the
  // next one gets a fresh connection.
  pool.on('connect', (client) =>
    client.on('error', (error) => logger.warn({ err: error }, 'A PostgreSQL connection was lost')),
  )
  // The same error again, from the pool, when the connection was idle: logged above.
  pool.on('error', () => {})
  const client = await pool.connect()
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK])
    await migrate(drizzle(client), { migrationsFolder: options.migrationsDir })
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {})
    client.release()
  }
  const native = drizzle(pool)
  return {
    dialect: 'postgres',
    tables: tables as unknown as Database['tables'],
    orm: native as unknown as Orm,
    async write(work, options = {}) {
      // The connection is checked out here, not by drizzle's pool transaction: that one sends
      // BEGIN before its try, so a BEGIN that fails (on a connection the server has just dropped)
      // never gives the connection back. Each outage then kept some for good: pool.end() waited
      // for them, and ten would leave no connection for any query (drizzle-orm issues #6023,
      // #6241; 0.45.4 here).
      const client = await pool.connect()
      try {
        return await drizzle(client).transaction(async (tx) => {
          if (options.lock) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${options.lock}))`)
          return work(tx as unknown as Orm)
        })
      } finally {
        // The pool drops a connection that has failed rather than lend it again.
        client.release()
      }
    },
    jsonText: (column, key) => sql<string | null>`${column}->>${key}`,
    async ping() {
      await pool.query('SELECT 1')
    },
    close: () => pool.end(),
  }
}
