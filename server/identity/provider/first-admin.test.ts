// The first administrator (docs/team.md): a new data folder's first user is
// ADMIN_EMAIL as admin; a data folder from before roles (every user a member) gets its
// ADMIN_EMAIL user, else its oldest user, as admin at the next start.
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { scratchDatabasePerTest } from '../../../tests/helpers/scratch-database.ts'
import { addUser, ensureFirstUser, listUsers } from './users.ts'

const scratch = scratchDatabasePerTest('first-admin')

const roles = async () => Object.fromEntries((await listUsers(scratch.db)).map((u) => [u.email, u.role]))

/** Users as a release before roles left them: every one a member, the first one oldest. */
async function usersBeforeRoles(...emails: string[]) {
  for (const email of emails) {
    const { id } = await addUser(scratch.db, email, 'a-password-123')
    const { users } = scratch.db.tables
    await scratch.db.write((tx) =>
      tx
        .update(users)
        .set({ createdAt: emails.indexOf(email) })
        .where(eq(users.id, id)),
    )
  }
}

it('makes ADMIN_EMAIL the first user and an admin', async () => {
  await ensureFirstUser(scratch.db, { email: 'lead@example.com', password: 'lead-password-1' })
  expect(await roles()).toEqual({ 'lead@example.com': 'admin' })
})

it('makes the oldest user of a data folder from before roles its admin', async () => {
  await usersBeforeRoles('first@example.com', 'second@example.com')
  await ensureFirstUser(scratch.db, { email: undefined, password: undefined })
  expect(await roles()).toEqual({ 'first@example.com': 'admin', 'second@example.com': 'member' })
})

it("prefers that data folder's ADMIN_EMAIL user, and changes nothing once there is an admin", async () => {
  await usersBeforeRoles('first@example.com', 'second@example.com')
  await ensureFirstUser(scratch.db, { email: 'second@example.com', password: undefined })
  expect(await roles()).toEqual({ 'first@example.com': 'member', 'second@example.com': 'admin' })
  await ensureFirstUser(scratch.db, { email: 'first@example.com', password: undefined })
  expect(await roles()).toEqual({ 'first@example.com': 'member', 'second@example.com': 'admin' })
})
