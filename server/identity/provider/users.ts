// Users of the embedded identity provider.
import { randomUUID } from 'node:crypto'
import { asc, eq } from 'drizzle-orm'
import { EMAIL_PATTERN } from '../../../shared/team.ts'
import type { Database } from '../../platform/db/database.ts'
import { normalizeEmail } from '../access/email.ts'
import { revokeTokensOf } from '../api-tokens/revoke-tokens-of.ts'
import { endSessions } from './end-sessions.ts'
import { hashPassword, MIN_PASSWORD_LENGTH } from './passwords.ts'

export async function findUserByEmail(db: Database, email: string) {
  const { users } = db.tables
  const [user] = await db.orm
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
  return user
}

export async function findUserById(db: Database, id: string) {
  const { users } = db.tables
  const [user] = await db.orm
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, id))
  return user
}

export async function listUsers(db: Database) {
  const { users } = db.tables
  return db.orm
    .select({
      id: users.id,
      email: users.email,
      role: users.role,
      lastSignInAt: users.lastSignInAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .orderBy(asc(users.email))
}

function requireStrongEnough(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new Error(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`)
}

export type MemberRole = 'admin' | 'member'

export async function addUser(db: Database, email: string, password: string, role: MemberRole = 'member') {
  const added = await addUserUnlessTaken(db, email, password, role)
  if (!added) throw new Error(`A user with the email ${normalizeEmail(email)} already exists.`)
  return added
}

/**
 * Adds the user unless the email is taken (answers undefined then), deciding and inserting under
 * one lock: processes that start together on one database add the first user once.
 */
export async function addUserUnlessTaken(db: Database, email: string, password: string, role: MemberRole) {
  requireStrongEnough(password)
  const normalized = normalizeEmail(email)
  if (!EMAIL_PATTERN.test(normalized)) throw new Error(`Not an email address: ${email}`)
  if (await findUserByEmail(db, normalized)) return undefined
  const now = Date.now()
  const user = {
    id: randomUUID(),
    email: normalized,
    name: null,
    passwordHash: await hashPassword(password),
    role,
    createdAt: now,
    updatedAt: now,
  }
  const { users } = db.tables
  const inserted = await db.write(
    async (tx) => {
      const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, normalized))
      if (taken) return false
      await tx.insert(users).values(user)
      return true
    },
    { lock: `user:${normalized}` },
  )
  return inserted ? { id: user.id, email: user.email, role } : undefined
}

export async function setPassword(db: Database, email: string, password: string): Promise<void> {
  requireStrongEnough(password)
  const { users } = db.tables
  const passwordHash = await hashPassword(password)
  const now = Date.now()
  // An administrator's reset from the command line signs the user out everywhere, as a reset
  // link does: their sessions, their access tokens (within MEMBER_CHECK_TTL_MS on a running
  // server) and their API tokens.
  const changed = await db.write(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.email, normalizeEmail(email)))
      .returning({ id: users.id })
    for (const row of rows) await endSessions(db, tx, row.id, { now })
    return rows
  })
  if (changed.length === 0) throw new Error(`No user with the email ${email}.`)
}

/** Removes a user and everything that signs them in: provider sessions, grants, codes, API tokens. */
export async function removeUser(db: Database, email: string): Promise<{ id: string; email: string }> {
  const { users, oidcModels } = db.tables
  const user = await findUserByEmail(db, email)
  if (!user) throw new Error(`No user with the email ${email}.`)
  await db.write(async (tx) => {
    await tx.delete(oidcModels).where(eq(db.jsonText(oidcModels.payload, 'accountId'), user.id))
    await tx.delete(users).where(eq(users.id, user.id))
    await revokeTokensOf(tx, db, user.id)
  })
  return { id: user.id, email: user.email }
}
