// Every place a password is typed (the login form, a member changing their own) checks it under
// the sign-in throttle (throttle.ts), with the same counters per email and per client address:
// someone holding a borrowed session gets no more guesses at the password on the account page
// than at the login form, and a wrong guess at either counts against both. A throttled try
// runs no scrypt at all; an email without an account is checked against a decoy hash made like
// every real one, so neither the answer nor its timing says which emails have accounts.
import type { Database } from '../../platform/db/database.ts'
import { generatePassword, hashPassword, verifyPassword } from './passwords.ts'
import { createLoginThrottle } from './throttle.ts'

export type PasswordCheck =
  | { outcome: 'right' }
  | { outcome: 'wrong' }
  | { outcome: 'throttled'; retryAfterSeconds: number }

let decoy: Promise<string> | undefined
/** One per process, made when the first password check is set up (not on the first unknown email). */
const decoyHash = () => {
  decoy ??= hashPassword(generatePassword())
  return decoy
}

export function createPasswordCheck(db: Database, now: () => number = () => Date.now()) {
  const throttle = createLoginThrottle(db, now)
  void decoyHash()
  /** `storedHash` is read once the try is let in: undefined when the email has no account. */
  return async function checkPassword(
    email: string,
    address: string,
    password: string,
    storedHash: () => Promise<string | undefined>,
  ): Promise<PasswordCheck> {
    const attempt = await throttle.begin(email, address)
    if (!attempt.allowed) return { outcome: 'throttled', retryAfterSeconds: attempt.retryAfterSeconds }
    const hash = await storedHash()
    const matches = await verifyPassword(password, hash ?? (await decoyHash()))
    if (hash === undefined || !matches) {
      await throttle.failed(attempt.ticket)
      return { outcome: 'wrong' }
    }
    await throttle.succeeded(email, attempt.ticket)
    return { outcome: 'right' }
  }
}
