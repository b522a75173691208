// The async data layer under the actions: one Database, two implementations through Drizzle
// (sqlite/open-sqlite.ts, postgres/open-postgres.ts), the same tables (tables.ts) and queries.
//
// How to use it:
// - Read with `db.orm` and the tables of `db.tables`: `await db.orm.select({...}).from(t.x)`.
//   Always `await` a query (never .get()/.all()/.run(): they exist on SQLite only).
// - Write only inside `db.write(async (tx) => ...)`: one transaction (on SQLite one at a time,
//   which is what keeps writers from interleaving on its one connection; on PostgreSQL under an
//   advisory lock on `lock` when given). Use `.returning()` to learn what a write touched.
// - A full database (SQLite's SQLITE_FULL, PostgreSQL's disk_full) is a 507 with a clear
//   message (platform/http/error-answer.ts), as a full disk is.
import type { AnyColumn, SQL } from 'drizzle-orm'
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core'
import type { Tables } from './tables.ts'

/** Drizzle, typed once for both dialects (as SQLite's async flavour). */
export type Orm = BaseSQLiteDatabase<'async', unknown>

export interface Database {
  readonly dialect: 'sqlite' | 'postgres'
  readonly tables: Tables
  readonly orm: Orm
  write<T>(work: (tx: Orm) => Promise<T>, options?: { lock?: string }): Promise<T>
  /** The text of a JSON column's top-level member `key` (the one place the dialects' SQL differs). */
  jsonText(column: AnyColumn, key: string): SQL<string | null>
  /** Answers when the database answers a trivial query (readiness). */
  ping(): Promise<void>
  close(): Promise<void>
}
