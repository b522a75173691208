// The first administrator (docs/team.md): a new data folder's first user is
// ADMIN_EMAIL as admin; a data folder from before roles (every user a member) gets its
// ADMIN_EMAIL user, else its oldest user, as admin at the next start. Until someone signs in,
// every start says how the first admin signs in.
import { eq } from 'drizzle-orm'
import { expect, it } from 'vitest'
import { scratchDatabasePerTest } from '../../../tests/helpers/scratch-database.ts'
import type { SecretStore } from '../../platform/db/secrets.ts'
import { ensureFirstUser } from './first-admin.ts'
import { verifyPassword } from './passwords.ts'
import { addUser, findUserByEmail, listUsers, setPassword } from './users.ts'

const scratch = scratchDatabasePerTest('first-admin')

/** The product's secrets as a map: the same folder's keys from one start to the next. */
function secretStore(): SecretStore {
  const kept = new Map<string, string>()
  return {
    async loadOrCreate(name, create) {
      if (!kept.has(name)) kept.set(name, await create())
      return kept.get(name)!
    },
  }
}
const noAdmin = { email: undefined, password: undefined }

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
  await ensureFirstUser(scratch.db, { email: 'lead@example.com', password: 'lead-password-1' }, secretStore())
  expect(await roles()).toEqual({ 'lead@example.com': 'admin' })
})

it('makes the oldest user of a data folder from before roles its admin', async () => {
  await usersBeforeRoles('first@example.com', 'second@example.com')
  await ensureFirstUser(scratch.db, noAdmin, secretStore())
  expect(await roles()).toEqual({ 'first@example.com': 'admin', 'second@example.com': 'member' })
})

it("prefers that data folder's ADMIN_EMAIL user, and changes nothing once there is an admin", async () => {
  await usersBeforeRoles('first@example.com', 'second@example.com')
  await ensureFirstUser(scratch.db, { email: 'second@example.com', password: undefined }, secretStore())
  expect(await roles()).toEqual({ 'first@example.com': 'member', 'second@example.com': 'admin' })
  await ensureFirstUser(scratch.db, { email: 'first@example.com', password: undefined }, secretStore())
  expect(await roles()).toEqual({ 'first@example.com': 'member', 'second@example.com': 'admin' })
})

// Four scrypt derivations each (hashing and checking passwords): 0.9 s alone, 5.3 s beside the
// unit tier at a load of 40; budget 15 s.
it('tells the generated password at every start until someone signs in, then nothing', {
  timeout: 15_000,
}, async () => {
  const secrets = secretStore()
  // A first start that creates the admin and then stops (a taken port) tells nobody.
  const first = await ensureFirstUser(scratch.db, noAdmin, secrets)
  const next = await ensureFirstUser(scratch.db, noAdmin, secrets)
  expect(next).toEqual({ email: 'admin@localhost', generatedPassword: first?.generatedPassword })
  const user = await findUserByEmail(scratch.db, 'admin@localhost')
  expect(await verifyPassword(next!.generatedPassword!, user!.passwordHash)).toBe(true)
  const { users } = scratch.db.tables
  await scratch.db.write((tx) => tx.update(users).set({ lastSignInAt: 1 }).where(eq(users.id, user!.id)))
  expect(await ensureFirstUser(scratch.db, noAdmin, secrets)).toBeUndefined()
})

// Two scrypt derivations: a fraction of the test above (0.6 s for the file's six tests alone);
// budget 15 s as above.
it('names no stale password once `users passwd` has set another one', { timeout: 15_000 }, async () => {
  const secrets = secretStore()
  await ensureFirstUser(scratch.db, noAdmin, secrets)
  await setPassword(scratch.db, 'admin@localhost', 'chosen-password-1')
  expect(await ensureFirstUser(scratch.db, noAdmin, secrets)).toEqual({ email: 'admin@localhost' })
})

it('says ADMIN_PASSWORD is the password when it made the admin', async () => {
  const admin = { email: 'Lead@Example.com', password: 'lead-password-1' }
  await ensureFirstUser(scratch.db, admin, secretStore())
  expect(await ensureFirstUser(scratch.db, admin, secretStore())).toEqual({
    email: 'lead@example.com',
    fromAdminPassword: true,
  })
})
