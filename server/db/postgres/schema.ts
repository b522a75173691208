// The PostgreSQL tables (drizzle-kit reads this file: drizzle.postgres.config.ts).
import { defineTables } from '../tables.ts'
import { postgresKit } from './kit.ts'

export const {
  packages,
  uploads,
  users,
  memberLinks,
  auditEvents,
  oidcModels,
  loginAttempts,
  jobs,
  secrets,
  retainedPackages,
  apiTokens,
  liveSessions,
  liveLines,
} = defineTables(postgresKit)
