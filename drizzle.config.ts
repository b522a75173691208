// `npm run db:generate` runs drizzle-kit with this file (SQLite) and drizzle.postgres.config.ts:
// both dialects' migrations come from the one column list in server/platform/db/tables.ts.
import { defineConfig } from 'drizzle-kit'

// Read by the schema file, which drizzle-kit loads after this config: the tables of this dialect.
process.env.DRIZZLE_DIALECT = 'sqlite'

export default defineConfig({
  dialect: 'sqlite',
  schema: './server/platform/db/drizzle-kit-schema.ts',
  out: './migrations/sqlite',
})
