// A removal ends access within a minute even when made by another process (the users command):
// a confirmed member is remembered for MEMBER_CHECK_TTL_MS only.
import { expect, it } from 'vitest'
import { scratchDatabasePerTest } from '../../../tests/helpers/scratch-database.ts'
import { createMemberCheck, MEMBER_CHECK_TTL_MS } from './member-check.ts'
import { addUser, removeUser } from './users.ts'

const scratch = scratchDatabasePerTest('members')

it('forgets a removed member within the TTL, and at once when told', async () => {
  expect(MEMBER_CHECK_TTL_MS).toBeLessThanOrEqual(60_000)
  let now = 1_000_000
  const members = createMemberCheck(scratch.db, () => now)
  const { id } = await addUser(scratch.db, 'member@example.com', 'password-123')
  expect(await members.standing(id)).toBeDefined()
  await removeUser(scratch.db, 'member@example.com')
  now += MEMBER_CHECK_TTL_MS - 1
  expect(await members.standing(id)).toBeDefined()
  now += 1
  expect(await members.standing(id)).toBeUndefined()

  const again = await addUser(scratch.db, 'second@example.com', 'password-123')
  expect(await members.standing(again.id)).toBeDefined()
  await removeUser(scratch.db, 'second@example.com')
  members.forget(again.id)
  expect(await members.standing(again.id)).toBeUndefined()
})
