// `npm run db:generate` runs drizzle-kit with this file (SQLite) and drizzle.postgres.config.ts:
// both dialects' migrations come from the one column list in server/db/tables.ts.
import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'sqlite',
  schema: './server/db/sqlite/schema.ts',
  out: './migrations/sqlite',
})
