// SQLite through better-sqlite3: the zero-configuration database, one file in DATA_DIR with the
// committed migrations applied at open. WAL lets readers go on while a write commits. The
// driver is synchronous and has one connection, so transactions run one at a time (a queue),
// each BEGIN IMMEDIATE ... COMMIT around the async work.
import fs from 'node:fs'
import path from 'node:path'
import BetterSqlite from 'better-sqlite3'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import type { Database, Orm } from '../database.ts'
import { defineTables } from '../tables.ts'
import { sqliteKit } from './kit.ts'

const tables = defineTables(sqliteKit)

export interface SqliteOptions {
  migrationsDir: string
  /** The SQLite addon, already loaded, when it is not in node_modules (the single executable). */
  nativeBinding?: object
}

export function openSqlite(file: string, options: SqliteOptions): Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  // better-sqlite3 takes a loaded addon object too; its typings only name the path form.
  const sqlite = new BetterSqlite(
    file,
    options.nativeBinding
      ? ({ nativeBinding: options.nativeBinding } as unknown as BetterSqlite.Options)
      : {},
  )
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  const native = drizzle(sqlite)
  migrate(native, { migrationsFolder: options.migrationsDir })
  const orm = native as unknown as Orm
  let queue: Promise<unknown> = Promise.resolve()

  async function transaction<T>(work: (tx: Orm) => Promise<T>): Promise<T> {
    sqlite.exec('BEGIN IMMEDIATE')
    try {
      const result = await work(orm)
      sqlite.exec('COMMIT')
      return result
    } catch (error) {
      // SQLite may have rolled back already (a full database does).
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK')
      throw error
    }
  }

  return {
    dialect: 'sqlite',
    tables,
    orm,
    write(work) {
      const run = queue.then(() => transaction(work))
      queue = run.catch(() => {})
      return run
    },
    jsonText: (column, key) => sql<string | null>`json_extract(${column}, ${`$.${key}`})`,
    async ping() {
      sqlite.prepare('SELECT 1').get()
    },
    async close() {
      await queue
      sqlite.close()
    },
  }
}

/** The raw connection of a SQLite Database (tests and benchmarks reach under the layer). */
export function sqliteConnection(db: Database): BetterSqlite.Database {
  return (db.orm as unknown as { $client: BetterSqlite.Database }).$client
}
