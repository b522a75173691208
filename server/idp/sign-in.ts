// The password check behind the login form: throttled per email and per client address
// (throttle.ts), and the same scrypt work whether or not the account exists, so neither the
// answer nor its timing tells an attacker which emails have accounts (issue #12).
import { eq } from 'drizzle-orm'
import type { Database } from '../db/database.ts'
import { generatePassword, hashPassword, verifyPassword } from './passwords.ts'
import { createLoginThrottle } from './throttle.ts'
import { findUserByEmail } from './users.ts'

export type SignInResult =
  | { outcome: 'signed-in'; userId: string }
  | { outcome: 'wrong' }
  | { outcome: 'throttled'; retryAfterSeconds: number }

export function createPasswordSignIn(db: Database, now?: () => number) {
  const throttle = createLoginThrottle(db, now)
  // Checked against when the email has no account: a hash made like every real one.
  const decoy = hashPassword(generatePassword())

  return async function signIn(email: string, password: string, address: string): Promise<SignInResult> {
    const attempt = await throttle.begin(email, address)
    if (!attempt.allowed) return { outcome: 'throttled', retryAfterSeconds: attempt.retryAfterSeconds }
    const user = await findUserByEmail(db, email)
    const matches = await verifyPassword(password, user?.passwordHash ?? (await decoy))
    if (!user || !matches) {
      await throttle.failed(attempt.ticket)
      return { outcome: 'wrong' }
    }
    await throttle.succeeded(email, attempt.ticket)
    // The team screen shows when each member last signed in.
    const { users } = db.tables
    await db.write((tx) =>
      tx
        .update(users)
        .set({ lastSignInAt: (now ?? Date.now)() })
        .where(eq(users.id, user.id)),
    )
    return { outcome: 'signed-in', userId: user.id }
  }
}

/** "Try again in 8 seconds." / "Try again in 3 minutes." */
export function retryAfterText(seconds: number): string {
  if (seconds < 60)
    return `Too many failed sign-ins. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`
  const minutes = Math.ceil(seconds / 60)
  return `Too many failed sign-ins. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}
