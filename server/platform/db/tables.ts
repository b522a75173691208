// The database schema, one column list for both databases: each driver calls `defineTables` with
// its kit, and drizzle-kit generates each dialect's migrations from drizzle-kit-schema.ts, which
// calls it with the kit of the config it runs (`npm run db:generate`). Timestamps are
// milliseconds since the epoch. A new table goes once in its area's file under tables/ and gets
// a migration per dialect.
import type { TableKit } from './sqlite/kit.ts'
import { liveTables } from './tables/live.ts'
import { packageTables } from './tables/packages.ts'
import { peopleTables } from './tables/people.ts'
import { processTables } from './tables/processes.ts'
import { reviewTables } from './tables/reviews.ts'

export function defineTables(k: TableKit) {
  return {
    ...packageTables(k),
    ...peopleTables(k),
    ...processTables(k),
    ...liveTables(k),
    ...reviewTables(k),
  }
}

export type Tables = ReturnType<typeof defineTables>
