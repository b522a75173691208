// The first administrator and how the start report tells them to sign in. A generated first
// password is kept with the product's other secrets until someone has signed in, so a first
// start that fails after creating the account (a taken port, a bad HOST) loses nothing: every
// start that works says it again, after the request log of the last run has scrolled it away.
import { asc, count, eq, isNotNull } from 'drizzle-orm'
import type { Database } from '../../platform/db/database.ts'
import type { SecretStore } from '../../platform/db/secrets.ts'
import { normalizeEmail } from '../access/email.ts'
import { generatePassword, verifyPassword } from './passwords.ts'
import { addUserUnlessTaken, findUserByEmail } from './users.ts'

const FIRST_PASSWORD = 'first-admin-password'

/** How the first admin signs in, said at each start until someone has signed in. */
export interface FirstSignIn {
  email: string
  /** The generated password, while it is still the account's password. */
  generatedPassword?: string
  /** ADMIN_PASSWORD is the password. */
  fromAdminPassword?: boolean
}

/**
 * A new data folder's first user is ADMIN_EMAIL (else admin@localhost) as admin, with
 * ADMIN_PASSWORD or a generated password. A data folder from before members had roles gets its
 * admin too: ADMIN_EMAIL's user, else the oldest member. Processes that start together on one
 * database add the user once and tell the same password.
 */
export async function ensureFirstUser(
  db: Database,
  admin: { email: string | undefined; password: string | undefined },
  secrets: SecretStore,
): Promise<FirstSignIn | undefined> {
  const { users } = db.tables
  const [row] = await db.orm.select({ n: count() }).from(users)
  const firstPassword = () => admin.password ?? secrets.loadOrCreate(FIRST_PASSWORD, generatePassword)
  if ((row?.n ?? 0) === 0)
    await addUserUnlessTaken(db, admin.email ?? 'admin@localhost', await firstPassword(), 'admin')
  else if (admin.email && admin.password) await addUserUnlessTaken(db, admin.email, admin.password, 'admin')
  const [anAdmin] = await db.orm.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1)
  if (!anAdmin) await promoteFirstAdmin(db, admin.email)
  return firstSignIn(db, admin, firstPassword)
}

async function firstSignIn(
  db: Database,
  admin: { email: string | undefined; password: string | undefined },
  firstPassword: () => string | Promise<string>,
): Promise<FirstSignIn | undefined> {
  const { users } = db.tables
  const [signedIn] = await db.orm
    .select({ id: users.id })
    .from(users)
    .where(isNotNull(users.lastSignInAt))
    .limit(1)
  if (signedIn) return undefined
  const [first] = await db.orm
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(asc(users.createdAt))
    .limit(1)
  if (!first) return undefined
  if (admin.password && admin.email && normalizeEmail(admin.email) === first.email)
    return { email: first.email, fromAdminPassword: true }
  const generated = await firstPassword()
  // `users passwd` may have changed it since: then the person who did knows it.
  if (!admin.password && (await verifyPassword(generated, first.passwordHash)))
    return { email: first.email, generatedPassword: generated }
  return { email: first.email }
}

async function promoteFirstAdmin(db: Database, email: string | undefined): Promise<void> {
  const { users } = db.tables
  const chosen = (email && (await findUserByEmail(db, email))) || undefined
  const [oldest] = chosen
    ? [chosen]
    : await db.orm.select({ id: users.id }).from(users).orderBy(asc(users.createdAt)).limit(1)
  if (oldest) await db.write((tx) => tx.update(users).set({ role: 'admin' }).where(eq(users.id, oldest.id)))
}
