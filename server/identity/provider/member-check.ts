// A subject's standing in the embedded provider, for the access policy: a removed member's
// access token is refused within a minute, not when it expires (an hour of access after removal is too long); a token issued
// before the member signed out their other sessions (or changed or reset the password) is
// refused; the role decides who may manage the team. A standing found is remembered for
// MEMBER_CHECK_TTL_MS, so most requests skip the lookup; a change in this process forgets at
// once, one in another process (the users command, another app server) within the TTL.
import { eq } from 'drizzle-orm'
import type { Database } from '../../platform/db/database.ts'

export const MEMBER_CHECK_TTL_MS = 30_000

/** The embedded provider's access tokens name the sign-in session they came from (provider.ts). */
export const SESSION_CLAIM = 'session_uid'

/**
 * ... and when, in ms: `iat` has whole seconds, so a token issued in the second before a sign-out
 * could not be told from one issued just after it.
 */
export const ISSUED_MS_CLAIM = 'issued_at_ms'

export interface MemberStanding {
  role: 'admin' | 'member'
  /** Access tokens issued before this (ms; ISSUED_MS_CLAIM, else `iat`) are refused ... */
  signedOutBefore: number | null
  /** ... unless they come from this sign-in session (the one that signed the others out). */
  keptSession: string | null
}

export function createMemberCheck(db: Database, now: () => number = () => Date.now()) {
  const known = new Map<string, { standing: MemberStanding; until: number }>()
  return {
    async standing(sub: string): Promise<MemberStanding | undefined> {
      const remembered = known.get(sub)
      if (remembered && remembered.until > now()) return remembered.standing
      const { users } = db.tables
      const [standing] = await db.orm
        .select({
          role: users.role,
          signedOutBefore: users.signedOutBefore,
          keptSession: users.keptSession,
        })
        .from(users)
        .where(eq(users.id, sub))
      if (standing) known.set(sub, { standing, until: now() + MEMBER_CHECK_TTL_MS })
      else known.delete(sub)
      return standing
    },
    /** The member's standing changed in this process: ask the database next time. */
    forget(sub: string): void {
      known.delete(sub)
    },
  }
}

export type MemberCheck = ReturnType<typeof createMemberCheck>
