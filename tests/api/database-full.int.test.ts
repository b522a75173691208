// A database that cannot grow answers 507 with a message that says so, on REST and tRPC alike
// (as a full disk does), keeps nothing half-written, and the next call works once there is room.
// SQLite is really filled (max_page_count at its current size); PostgreSQL answers with its
// disk_full error (53100) from a trigger, since a test cannot fill the server's disk.
import pg from 'pg'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { sqliteConnection } from '../../server/platform/db/sqlite/open-sqlite.ts'
import { MESSAGES } from '../../shared/constants.ts'
import { createTestApp, type TestApp } from '../helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ MAX_PENDING_UPLOADS: '10000' })
})
afterAll(() => t.cleanup())

async function fillDatabase(): Promise<() => Promise<void>> {
  if (t.db.dialect === 'sqlite') {
    const sqlite = sqliteConnection(t.db)
    const pages = sqlite.pragma('page_count', { simple: true }) as number
    sqlite.pragma(`max_page_count = ${pages}`)
    return async () => {
      sqlite.pragma(`max_page_count = ${pages * 100}`)
    }
  }
  const client = new pg.Client({ connectionString: t.config.database.url })
  await client.connect()
  await client.query(`CREATE OR REPLACE FUNCTION refuse_full() RETURNS trigger AS $$ BEGIN
    RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$ LANGUAGE plpgsql`)
  await client.query(
    'CREATE TRIGGER full_disk BEFORE INSERT ON uploads FOR EACH ROW EXECUTE FUNCTION refuse_full()',
  )
  return async () => {
    await client.query('DROP TRIGGER full_disk ON uploads')
    await client.end()
  }
}

const query = (n: number) =>
  new URLSearchParams({
    filename: `${'f'.repeat(200)}-${n}.zip`,
    contentType: 'application/zip',
    policy: 'keep',
  })

it('answers 507 "out of database space" on REST and tRPC, and works again once there is room', async () => {
  const makeRoom = await fillDatabase()
  let answer: Response | undefined
  for (let n = 0; n < 2000; n++) {
    answer = await t.app.request(`/ads-preview/api/upload/get-package-upload-url?${query(n)}`, {
      headers: t.auth,
    })
    if (answer.status !== 200) break
  }
  expect(answer?.status).toBe(507)
  expect(await answer?.json()).toEqual({ message: MESSAGES.databaseFull })

  let trpc: Response | undefined
  for (let n = 2000; n < 4000; n++) {
    trpc = await t.app.request('/ads-preview/trpc/upload.getUrl', {
      method: 'POST',
      headers: { ...t.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify(Object.fromEntries(query(n))),
    })
    if (trpc.status !== 200) break
  }
  expect(trpc?.status).toBe(507)
  const body = (await trpc!.json()) as { error: { message: string; data: { apiError: unknown } } }
  expect(body.error.data.apiError).toEqual({ message: MESSAGES.databaseFull })
  expect(body.error.message).toBe(MESSAGES.databaseFull)

  await makeRoom()
  const after = await t.app.request(`/ads-preview/api/upload/get-package-upload-url?${query(9999)}`, {
    headers: t.auth,
  })
  expect(after.status).toBe(200)
})
