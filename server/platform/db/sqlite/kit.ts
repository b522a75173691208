// The column kinds of tables.ts as SQLite columns: the schema's types are these.
import { sql } from 'drizzle-orm'
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

export const sqliteKit = {
  table: sqliteTable,
  index,
  uniqueIndex,
  /** An integer key the database counts up. */
  id: (name: string) => integer(name).primaryKey({ autoIncrement: true }),
  text: (name: string) => text(name),
  oneOf: <const T extends readonly [string, ...string[]]>(name: string, values: T) =>
    text(name, { enum: values as unknown as [T[number], ...T[number][]] }),
  /** A small count (a version, pixels, attempts). */
  int: (name: string) => integer(name),
  /** Milliseconds since the epoch, or a byte size: past 2^31 (a 64-bit integer on PostgreSQL). */
  long: (name: string) => integer(name),
  json: (name: string) => text(name, { mode: 'json' }),
  /** The current time in milliseconds, as a column default. */
  nowMs: sql`(unixepoch() * 1000)`,
}

export type TableKit = typeof sqliteKit
