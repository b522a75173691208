// The column kinds of tables.ts as PostgreSQL columns. Typed as the SQLite kit: the JavaScript
// values are the same either way (strings, numbers, JSON), so the product's queries are written
// once against those types and run on either database.
import { sql } from 'drizzle-orm'
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { TableKit } from '../sqlite/kit.ts'

const postgresColumns = {
  table: pgTable,
  index,
  uniqueIndex,
  id: (name: string) => integer(name).primaryKey().generatedByDefaultAsIdentity(),
  text: (name: string) => text(name),
  oneOf: (name: string, values: readonly [string, ...string[]]) =>
    text(name, { enum: [...values] as [string] }),
  int: (name: string) => integer(name),
  long: (name: string) => bigint(name, { mode: 'number' }),
  json: (name: string) => jsonb(name),
  nowMs: sql`(extract(epoch from now()) * 1000)::bigint`,
}

export const postgresKit = postgresColumns as unknown as TableKit
