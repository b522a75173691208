import { defineConfig } from 'drizzle-kit'

// Read by the schema file, which drizzle-kit loads after this config: the tables of this dialect.
process.env.DRIZZLE_DIALECT = 'postgresql'

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/platform/db/drizzle-kit-schema.ts',
  out: './migrations/postgres',
})
