// The tables as drizzle-kit reads them for `npm run db:generate`: it takes a schema file's named
// exports, so this is the one list of table names, built with the kit of the dialect whose config
// is running (drizzle.config.ts sets DRIZZLE_DIALECT=sqlite, drizzle.postgres.config.ts
// postgresql). The product builds its tables in each driver; nothing else imports this file.
import { postgresKit } from './postgres/kit.ts'
import { sqliteKit } from './sqlite/kit.ts'
import { defineTables } from './tables.ts'

const dialect = process.env.DRIZZLE_DIALECT
if (dialect !== 'sqlite' && dialect !== 'postgresql')
  throw new Error(
    'Run drizzle-kit through npm run db:generate: its configs name the dialect (DRIZZLE_DIALECT).',
  )

export const {
  packages,
  uploads,
  users,
  memberLinks,
  auditEvents,
  oidcModels,
  loginAttempts,
  jobs,
  jobTurns,
  secrets,
  retainedPackages,
  apiTokens,
  liveSessions,
  liveLines,
  reviewLinks,
  reviewComments,
  reviewDecisions,
  reviewLinkVersions,
  reviewUnlockAttempts,
} = defineTables(dialect === 'postgresql' ? postgresKit : sqliteKit)
