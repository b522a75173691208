// The team screen: every member (email, role, last sign-in) and every invitation not yet
// accepted, for an admin of the embedded provider.
import { and, asc, eq, gt, isNull } from 'drizzle-orm'
import { z } from 'zod/mini'
import type { Member } from '../../../shared/team.ts'
import { readOnlyAction, requireCaller } from '../../actions/define-action.ts'
import { requireTeam } from './require-team.ts'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

export const listMembers = readOnlyAction(
  z.optional(z.object({})),
  async (ctx): Promise<{ members: Member[] }> => {
    requireTeam(ctx, requireCaller(ctx))
    const { users, memberLinks } = ctx.db.tables
    const [people, invites] = await Promise.all([
      ctx.db.orm
        .select({ id: users.id, email: users.email, role: users.role, lastSignInAt: users.lastSignInAt })
        .from(users)
        .orderBy(asc(users.email)),
      ctx.db.orm
        .select({
          id: memberLinks.id,
          email: memberLinks.email,
          role: memberLinks.role,
          expiresAt: memberLinks.expiresAt,
        })
        .from(memberLinks)
        .where(
          and(
            eq(memberLinks.kind, 'invite'),
            isNull(memberLinks.usedAt),
            gt(memberLinks.expiresAt, ctx.now()),
          ),
        )
        .orderBy(asc(memberLinks.email)),
    ])
    return {
      members: [
        ...people.map((p): Member => ({ ...p, status: 'active', lastSignInAt: iso(p.lastSignInAt) })),
        ...invites.map(
          (i): Member => ({
            ...i,
            status: 'invited',
            lastSignInAt: null,
            expiresAt: new Date(i.expiresAt).toISOString(),
          }),
        ),
      ],
    }
  },
)
