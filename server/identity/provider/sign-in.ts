// The password check behind the login form: throttled per email and per client address, and
// the same scrypt work whether or not the account exists (throttled-password.ts), so timing tells no one which emails have accounts.
import { eq } from 'drizzle-orm'
import type { Database } from '../../platform/db/database.ts'
import { createPasswordCheck } from './throttled-password.ts'
import { findUserByEmail } from './users.ts'

export type SignInResult =
  | { outcome: 'signed-in'; userId: string }
  | { outcome: 'wrong' }
  | { outcome: 'throttled'; retryAfterSeconds: number }

export function createPasswordSignIn(db: Database, now: () => number = () => Date.now()) {
  const checkPassword = createPasswordCheck(db, now)

  return async function signIn(email: string, password: string, address: string): Promise<SignInResult> {
    let userId: string | undefined
    const checked = await checkPassword(email, address, password, async () => {
      const user = await findUserByEmail(db, email)
      userId = user?.id
      return user?.passwordHash
    })
    if (checked.outcome !== 'right') return checked
    // A right password means the account was found.
    const id = userId as string
    // The team screen shows when each member last signed in.
    const { users } = db.tables
    await db.write((tx) => tx.update(users).set({ lastSignInAt: now() }).where(eq(users.id, id)))
    return { outcome: 'signed-in', userId: id }
  }
}

/** "Too many failed sign-ins. Try again in 8 seconds." / "... in 3 minutes." */
export function retryAfterText(seconds: number, lead = 'Too many failed sign-ins.'): string {
  if (seconds < 60) return `${lead} Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`
  const minutes = Math.ceil(seconds / 60)
  return `${lead} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
}
