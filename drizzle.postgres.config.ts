import { defineConfig } from 'drizzle-kit'

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/postgres/schema.ts',
  out: './migrations/postgres',
})
