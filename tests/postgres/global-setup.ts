// Vitest global setup of the `postgres` project: one cluster for the whole run, with a template
// database that has every migration applied, so each test file copies it in milliseconds
// (tests/postgres/file-database.ts). When PostgreSQL cannot be started the project's tests are
// skipped, and the run says so loudly: a skipped PostgreSQL run never counts as passed.
import fs from 'node:fs'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openPostgres } from '../../server/platform/db/postgres/open-postgres.ts'
import { findPostgresBin, startCluster } from './cluster.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The template database's URL, or the reason PostgreSQL is not tested. */
    postgres: { template: string } | { unavailable: string }
  }
}

export const TEMPLATE_DATABASE = 'ads_preview_template'
export const POSTGRES_STATUS_FILE = '.tmp/postgres-status.json'

export default async function setup(project: TestProject) {
  const bin = findPostgresBin()
  if (!bin)
    return unavailable(project, 'no PostgreSQL binaries in /usr/lib/postgresql (apt-get install postgresql)')
  let cluster: Awaited<ReturnType<typeof startCluster>>
  try {
    cluster = await startCluster(bin)
  } catch (error) {
    return unavailable(project, (error as Error).message)
  }
  const admin = new pg.Client({ connectionString: cluster.url })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`)
  await admin.end()
  const template = cluster.url.replace(/\/postgres$/, `/${TEMPLATE_DATABASE}`)
  const migrated = await openPostgres(template, { migrationsDir: 'migrations/postgres' })
  await migrated.close()
  project.provide('postgres', { template })
  report({ tested: true })
  return () => cluster.stop()
}

/** For the closing line of `npm test` (scripts/test.mjs). */
function report(status: { tested: true } | { tested: false; reason: string }) {
  fs.mkdirSync('.tmp', { recursive: true })
  fs.writeFileSync(POSTGRES_STATUS_FILE, JSON.stringify(status))
}

function unavailable(project: TestProject, reason: string) {
  const line = '!'.repeat(100)
  console.error(
    `\n${line}\nPOSTGRESQL NOT TESTED: ${reason}\nEvery test of the postgres project is SKIPPED, not passed.\n${line}\n`,
  )
  project.provide('postgres', { unavailable: reason })
  report({ tested: false, reason })
}
