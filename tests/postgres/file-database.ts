// Setup file of the `postgres` project, run once per test file: the file gets its own database,
// copied from the migrated template, and the product under test finds it in TEST_DATABASE_URL
// (tests/helpers/test-database.ts). Without PostgreSQL every test of the file is skipped.
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { beforeEach, inject } from 'vitest'
import { TEMPLATE_DATABASE } from './global-setup.ts'

const postgres = inject('postgres')
if ('template' in postgres) {
  const name = `test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: postgres.template.replace(/\/[^/]+$/, '/postgres') })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`)
  await admin.end()
  process.env.TEST_DATABASE_URL = postgres.template.replace(/\/[^/]+$/, `/${name}`)
} else {
  beforeEach(({ skip }) => skip(`PostgreSQL not tested: ${postgres.unavailable}`))
}
