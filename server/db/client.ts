// Opens the SQLite file and applies the committed migrations. WAL mode lets readers go on
// while a write commits; busy_timeout makes a second writer wait instead of failing.
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3'
import { migrate } from 'drizzle-orm/better-sqlite3/migrator'
import { PROJECT_ROOT } from '../project-root.ts'
import * as schema from './schema.ts'

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database }

/** The SQLite file inside DATA_DIR. */
export const DATABASE_FILE = 'ads-preview.db'

export const DEFAULT_MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'migrations')

export interface OpenDatabaseOptions {
  migrationsDir?: string
  /** The SQLite addon, already loaded, when it is not in node_modules (the single executable). */
  nativeBinding?: object
}

export function openDatabase(file: string, options: OpenDatabaseOptions = {}): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true })
  // better-sqlite3 takes a loaded addon object too; its typings only name the path form.
  const sqlite = new Database(
    file,
    options.nativeBinding ? ({ nativeBinding: options.nativeBinding } as unknown as Database.Options) : {},
  )
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  const db = drizzle(sqlite, { schema })
  migrate(db, { migrationsFolder: options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR })
  return db
}
