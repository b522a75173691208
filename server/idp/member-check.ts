// Whether a subject is still a member of the embedded provider, for the access policy: a
// removed member's access token is refused within a minute (issue #12), not when it expires.
// A member found is remembered for MEMBER_CHECK_TTL_MS, so most requests skip the lookup; a
// removal in this process forgets at once, one in another process (the users command) within
// the TTL.
import type { Database } from '../db/database.ts'
import { findUserById } from './users.ts'

export const MEMBER_CHECK_TTL_MS = 30_000

export function createMemberCheck(db: Database, now: () => number = Date.now) {
  const confirmed = new Map<string, number>()
  return {
    async isMember(sub: string): Promise<boolean> {
      const until = confirmed.get(sub)
      if (until !== undefined && until > now()) return true
      const member = (await findUserById(db, sub)) !== undefined
      if (member) confirmed.set(sub, now() + MEMBER_CHECK_TTL_MS)
      else confirmed.delete(sub)
      return member
    },
    forget(sub: string): void {
      confirmed.delete(sub)
    },
  }
}

export type MemberCheck = ReturnType<typeof createMemberCheck>
