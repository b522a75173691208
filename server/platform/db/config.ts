// Which database holds the records: SQLite in DATA_DIR (zero configuration) unless DATABASE_URL
// names a PostgreSQL server.

import { defineConfigArea } from '../config/config-area.ts'
import { ConfigIssue, env } from '../config/env.ts'

export const databaseConfig = defineConfigArea(
  {
    DATABASE_URL: env.optionalUrl('postgres://user:password@db.example.com:5432/ads_preview'),
  },
  (e) => {
    if (e.DATABASE_URL && !/^postgres(ql)?:$/.test(new URL(e.DATABASE_URL).protocol)) {
      throw new ConfigIssue('DATABASE_URL', 'must be a postgres:// URL (unset: SQLite in DATA_DIR)')
    }
    return { url: e.DATABASE_URL }
  },
)
