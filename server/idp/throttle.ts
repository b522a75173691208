// Failed sign-ins slow an attacker down: at most MAX_PER_EMAIL failures per email and
// MAX_PER_ADDRESS per client address in WINDOW_MS, then refusal until the window passes.
import { and, count, eq, gte, lt, min } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { loginAttempts } from '../db/schema.ts'

export const WINDOW_MS = 15 * 60 * 1000
export const MAX_PER_EMAIL = 5
export const MAX_PER_ADDRESS = 30

export function createLoginThrottle(db: Db, now: () => number = Date.now) {
  function failures(key: string) {
    const [row] = db
      .select({ n: count(), first: min(loginAttempts.at) })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.key, key), gte(loginAttempts.at, now() - WINDOW_MS)))
      .all()
    return { n: row?.n ?? 0, first: row?.first ?? now() }
  }

  return {
    /** Minutes to wait, or 0 when a sign-in may be tried. */
    retryAfterMinutes(email: string, address: string): number {
      const byEmail = failures(`email:${email}`)
      const byAddress = failures(`ip:${address}`)
      const blocked = [
        byEmail.n >= MAX_PER_EMAIL ? byEmail.first : 0,
        byAddress.n >= MAX_PER_ADDRESS ? byAddress.first : 0,
      ]
      const until = Math.max(...blocked.map((first) => (first ? first + WINDOW_MS : 0)))
      return until > now() ? Math.ceil((until - now()) / 60_000) : 0
    },
    recordFailure(email: string, address: string): void {
      const at = now()
      db.insert(loginAttempts)
        .values([
          { key: `email:${email}`, at },
          { key: `ip:${address}`, at },
        ])
        .run()
      db.delete(loginAttempts)
        .where(lt(loginAttempts.at, at - WINDOW_MS))
        .run()
    },
    recordSuccess(email: string): void {
      db.delete(loginAttempts)
        .where(eq(loginAttempts.key, `email:${email}`))
        .run()
    },
  }
}
