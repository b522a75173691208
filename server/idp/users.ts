// Users of the embedded identity provider.
import { randomUUID } from 'node:crypto'
import { asc, count, eq, sql } from 'drizzle-orm'
import { EMAIL_PATTERN, normalizeEmail } from '../auth/email.ts'
import type { Db } from '../db/client.ts'
import { oidcModels, users } from '../db/schema.ts'
import { generatePassword, hashPassword, MIN_PASSWORD_LENGTH } from './passwords.ts'

export function findUserByEmail(db: Db, email: string) {
  return db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .get()
}

export function findUserById(db: Db, id: string) {
  return db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, id))
    .get()
}

export function listUsers(db: Db) {
  return db
    .select({ id: users.id, email: users.email, name: users.name, createdAt: users.createdAt })
    .from(users)
    .orderBy(asc(users.email))
    .all()
}

function requireStrongEnough(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH)
    throw new Error(`The password must have at least ${MIN_PASSWORD_LENGTH} characters.`)
}

export async function addUser(db: Db, email: string, password: string, name?: string) {
  requireStrongEnough(password)
  const normalized = normalizeEmail(email)
  if (!EMAIL_PATTERN.test(normalized)) throw new Error(`Not an email address: ${email}`)
  if (findUserByEmail(db, normalized)) throw new Error(`A user with the email ${normalized} already exists.`)
  const now = Date.now()
  const user = {
    id: randomUUID(),
    email: normalized,
    name: name ?? null,
    passwordHash: await hashPassword(password),
    createdAt: now,
    updatedAt: now,
  }
  db.insert(users).values(user).run()
  return { id: user.id, email: user.email }
}

export async function setPassword(db: Db, email: string, password: string): Promise<void> {
  requireStrongEnough(password)
  const result = db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: Date.now() })
    .where(eq(users.email, normalizeEmail(email)))
    .run()
  if (result.changes === 0) throw new Error(`No user with the email ${email}.`)
}

/** Removes a user and everything that signs them in: provider sessions, grants, codes. */
export function removeUser(db: Db, email: string): void {
  const user = findUserByEmail(db, email)
  if (!user) throw new Error(`No user with the email ${email}.`)
  db.transaction((tx) => {
    tx.delete(oidcModels).where(sql`json_extract(${oidcModels.payload}, '$.accountId') = ${user.id}`).run()
    tx.delete(users).where(eq(users.id, user.id)).run()
  })
}

/**
 * First start with no users: create the admin from ADMIN_EMAIL / ADMIN_PASSWORD, or with a
 * generated password. Answers what to tell the person (the password only when generated).
 */
export async function ensureFirstUser(
  db: Db,
  admin: { email: string | undefined; password: string | undefined },
) {
  const [row] = db.select({ n: count() }).from(users).all()
  if ((row?.n ?? 0) > 0) {
    if (admin.email && admin.password && !findUserByEmail(db, admin.email)) {
      await addUser(db, admin.email, admin.password)
    }
    return undefined
  }
  const email = admin.email ?? 'admin@localhost'
  const password = admin.password ?? generatePassword()
  await addUser(db, email, password)
  return { email, generatedPassword: admin.password ? undefined : password }
}
