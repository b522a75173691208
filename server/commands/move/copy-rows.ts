// Records copied table by table, a page at a time, each page in one transaction of the target.
// A row the target already has (the same key: an earlier run's copy) is left as it is, so a
// re-run duplicates nothing. A row's values are the same JavaScript values on both databases
// (the one column list of platform/db/tables.ts), so a SQLite row goes into PostgreSQL as it is, its
// numeric id included; the target's counters are moved past the copied ids at the end.
import { asc, type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { Database } from '../../platform/db/database.ts'
import type { Tables } from '../../platform/db/tables.ts'

type TableName = keyof Tables
type Row<N extends TableName> = Tables[N]['$inferSelect']

export interface RowCopy<N extends TableName> {
  table: N
  /** The unique column, or columns, the pages follow. */
  key: (table: Tables[N]) => SQLiteColumn | SQLiteColumn[]
  /** Which rows move (all when left out). */
  where?: (table: Tables[N]) => SQL | undefined
  /** The page as it goes into the target (files moved first); rows left out are not copied. */
  prepare?: (rows: Row<N>[]) => Promise<Row<N>[]>
  /** Told after each page: rows read so far. */
  progress?: (read: number) => void
}

const PAGE_ROWS = 200

export async function copyRows<N extends TableName>(
  source: Database,
  target: Database,
  copy: RowCopy<N>,
): Promise<{ read: number; written: number }> {
  const from = source.tables[copy.table] as SQLiteTable & Tables[N]
  const to = target.tables[copy.table] as SQLiteTable & Tables[N]
  const key = [copy.key(from)].flat()
  const names = key.map((column) => keyName(from, column))
  // Keyset pages (the rows after the last one's key), so rows the source adds meanwhile are not
  // skipped as an offset would skip them.
  let last: unknown[] | undefined
  let read = 0
  let written = 0
  for (;;) {
    const after =
      last &&
      sql`(${sql.join(key, sql`, `)}) > (${sql.join(
        last.map((value) => sql`${value}`),
        sql`, `,
      )})`
    const filter = copy.where?.(from)
    const where = after && filter ? sql`${after} and ${filter}` : (after ?? filter)
    const page = (await source.orm
      .select()
      .from(from)
      .where(where)
      .orderBy(...key.map((column) => asc(column)))
      .limit(PAGE_ROWS)) as Row<N>[]
    if (page.length === 0) break
    read += page.length
    const lastRow = page.at(-1) as Record<string, unknown>
    last = names.map((name) => lastRow[name])
    const rows = copy.prepare ? await copy.prepare(page) : page
    if (rows.length > 0) {
      const inserted = await target.write((tx) =>
        tx
          .insert(to)
          .values(rows)
          .onConflictDoNothing()
          .returning({ key: [copy.key(to)].flat()[0]! }),
      )
      written += inserted.length
    }
    copy.progress?.(read)
  }
  return { read, written }
}

/** The property name of `column` in its table (rows are keyed by property, not by SQL name). */
function keyName(table: SQLiteTable, column: SQLiteColumn): string {
  const entry = Object.entries(table).find(([, value]) => value === column)
  if (!entry) throw new Error(`${column.name} is not a column of its table`)
  return entry[0]
}

/** Moves PostgreSQL's identity counters past the ids copied in, so new rows take fresh ids. */
export async function advanceCounters(target: Database): Promise<void> {
  if (target.dialect !== 'postgres') return
  for (const table of ['packages', 'audit_events', 'jobs', 'login_attempts']) {
    // The one statement here only PostgreSQL has (drizzle's node-postgres transaction runs it).
    await target.write((tx) =>
      (tx as unknown as { execute(query: SQL): Promise<unknown> }).execute(
        sql.raw(
          `SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM ${table}), false)`,
        ),
      ),
    )
  }
}
