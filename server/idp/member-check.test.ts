// A removal ends access within a minute even when made by another process (the users command):
// a confirmed member is remembered for MEMBER_CHECK_TTL_MS only.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { testDatabaseEnv } from '../../tests/helpers/test-database.ts'
import { parseConfig } from '../config/parse-config.ts'
import type { Database } from '../db/database.ts'
import { openDatabase } from '../db/open-database.ts'
import { createMemberCheck, MEMBER_CHECK_TTL_MS } from './member-check.ts'
import { addUser, removeUser } from './users.ts'

let dir: string
let db: Database
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-members-'))
  db = await openDatabase(parseConfig({ DATA_DIR: dir, ...(await testDatabaseEnv()) }))
})
afterEach(async () => {
  await db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

it('forgets a removed member within the TTL, and at once when told', async () => {
  expect(MEMBER_CHECK_TTL_MS).toBeLessThanOrEqual(60_000)
  let now = 1_000_000
  const members = createMemberCheck(db, () => now)
  const { id } = await addUser(db, 'member@example.com', 'password-123')
  expect(await members.standing(id)).toBeDefined()
  await removeUser(db, 'member@example.com')
  now += MEMBER_CHECK_TTL_MS - 1
  expect(await members.standing(id)).toBeDefined()
  now += 1
  expect(await members.standing(id)).toBeUndefined()

  const again = await addUser(db, 'second@example.com', 'password-123')
  expect(await members.standing(again.id)).toBeDefined()
  await removeUser(db, 'second@example.com')
  members.forget(again.id)
  expect(await members.standing(again.id)).toBeUndefined()
})
