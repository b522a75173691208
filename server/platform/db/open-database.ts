// Opens the configured database with its migrations applied: PostgreSQL when DATABASE_URL is
// set, else the SQLite file in DATA_DIR.
import path from 'node:path'
import { PROJECT_ROOT } from '../project-root.ts'
import type { Database } from './database.ts'
import { openPostgres } from './postgres/open-postgres.ts'
import { openSqlite } from './sqlite/open-sqlite.ts'

/** The SQLite file inside DATA_DIR. */
export const DATABASE_FILE = 'ads-preview.db'

export interface DatabaseFiles {
  /** The folder holding sqlite/ and postgres/ migrations (the single executable brings its own). */
  migrationsDir?: string
  /** The SQLite addon, already loaded, when it is not in node_modules (the single executable). */
  nativeBinding?: object
}

export function openDatabase(
  config: { dataDir: string; database: { url: string | undefined } },
  files: DatabaseFiles = {},
): Promise<Database> {
  const migrations = files.migrationsDir ?? path.join(PROJECT_ROOT, 'migrations')
  if (config.database.url) {
    return openPostgres(config.database.url, { migrationsDir: path.join(migrations, 'postgres') })
  }
  return Promise.resolve(
    openSqlite(path.join(config.dataDir, DATABASE_FILE), {
      migrationsDir: path.join(migrations, 'sqlite'),
      ...(files.nativeBinding ? { nativeBinding: files.nativeBinding } : {}),
    }),
  )
}
