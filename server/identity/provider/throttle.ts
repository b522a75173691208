// Failed sign-ins slow an attacker down without walling out the real user: each
// email gets 5 failures for free, then must wait 1 s before the next try, then 2 s, 4 s, ...
// up to 15 minutes; each client address gets 30, then the same growing wait. A success clears
// the email's count. An attempt counts as a failure from the moment it starts, decided and
// recorded in one transaction under one lock (the database's write queue on SQLite, an advisory
// lock on PostgreSQL, shared by every app process), so parallel tries cannot all slip in before
// the first one has failed, however slowly the machine answers; the wait then runs from when
// its password turned out wrong.
import { and, count, eq, gte, inArray, lt, max } from 'drizzle-orm'
import type { Database, Orm } from '../../platform/db/database.ts'

export const THROTTLE_RULES = {
  email: { freeFailures: 5, windowMs: 24 * 60 * 60 * 1000 },
  address: { freeFailures: 30, windowMs: 60 * 60 * 1000 },
} as const
export const MAX_DELAY_MS = 15 * 60 * 1000
/**
 * How far ahead an attempt in progress is stamped; its check (scrypt) takes well under a
 * second. A process killed mid-check leaves the stamp, which then ages like any failure.
 */
const PENDING_MS = 60 * 1000

/** The wait after `failures` failures, when `free` are allowed without one. */
export function delayAfter(failures: number, free: number): number {
  return failures < free ? 0 : Math.min(1000 * 2 ** (failures - free), MAX_DELAY_MS)
}

export type SignInAttempt =
  | { allowed: true; ticket: number[] }
  | { allowed: false; retryAfterSeconds: number }

export function createLoginThrottle(db: Database, now: () => number = () => Date.now()) {
  const { loginAttempts } = db.tables
  const keys = (email: string, address: string) =>
    [
      [`email:${email}`, THROTTLE_RULES.email],
      [`ip:${address}`, THROTTLE_RULES.address],
    ] as const

  async function waitFor(tx: Orm, key: string, rule: { freeFailures: number; windowMs: number }) {
    const [row] = await tx
      .select({ n: count(), last: max(loginAttempts.at) })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.key, key), gte(loginAttempts.at, now() - rule.windowMs)))
    if (!row?.last) return 0
    // An attempt still being checked is stamped in the future (PENDING_MS): it counts as
    // failing right now, however long ago it started.
    return Math.max(0, Math.min(row.last, now()) + delayAfter(row.n, rule.freeFailures) - now())
  }

  return {
    /**
     * Starts a sign-in: refused while a wait runs, else recorded as a failure until `succeeded`
     * says otherwise. No other attempt is decided in between.
     */
    begin(email: string, address: string): Promise<SignInAttempt> {
      const at = now()
      return db.write(
        async (tx) => {
          const waits = await Promise.all(keys(email, address).map(([key, rule]) => waitFor(tx, key, rule)))
          const wait = Math.max(...waits)
          if (wait > 0) return { allowed: false as const, retryAfterSeconds: Math.ceil(wait / 1000) }
          const inserted = await tx
            .insert(loginAttempts)
            .values(keys(email, address).map(([key]) => ({ key, at: at + PENDING_MS })))
            .returning({ id: loginAttempts.id })
          await tx.delete(loginAttempts).where(lt(loginAttempts.at, at - THROTTLE_RULES.email.windowMs))
          return { allowed: true as const, ticket: inserted.map((row) => row.id) }
        },
        { lock: 'sign-in-throttle' },
      )
    },
    /** The attempt was a wrong password: the waits count from now, when that became known. */
    async failed(ticket: number[]): Promise<void> {
      await db.write((tx) =>
        tx.update(loginAttempts).set({ at: now() }).where(inArray(loginAttempts.id, ticket)),
      )
    },
    /** The attempt was the right password: it was no failure, and the email starts afresh. */
    async succeeded(email: string, ticket: number[]): Promise<void> {
      await db.write(async (tx) => {
        await tx.delete(loginAttempts).where(inArray(loginAttempts.id, ticket))
        await tx.delete(loginAttempts).where(eq(loginAttempts.key, `email:${email}`))
      })
    },
  }
}
