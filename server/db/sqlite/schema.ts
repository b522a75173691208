// The SQLite tables (drizzle-kit reads this file: drizzle.config.ts).
import { defineTables } from '../tables.ts'
import { sqliteKit } from './kit.ts'

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
} = defineTables(sqliteKit)
