// An admin removes a member: the account, its provider sessions and grants go in one
// transaction, and the access policy refuses the member's tokens at once in this process
// (within 30 s in any other). A team keeps an admin: nobody removes themselves, the remover
// must still be an admin when the removal runs, and it is refused if it leaves no admin. Every
// removal holds the team's lock, so two admins removing each other at once (two app processes
// on PostgreSQL) run one after the other: the second finds its remover gone.
import { count, eq } from 'drizzle-orm'
import { memberInputSchema } from '../../../shared/team.ts'
import { defineAction, requireCaller } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import { revokeTokensOf } from '../api-tokens/revoke-tokens-of.ts'
import { recordEvent } from '../audit-trail/record-event.ts'
import { ONLY_ADMINS } from './require-admin.ts'
import { requireTeam } from './require-team.ts'

/** The lock of every change that could leave the team without an admin. */
const TEAM_LOCK = 'team'

export const LAST_ADMIN = 'This would leave the team without an admin.'

export const removeMember = defineAction(memberInputSchema, async (ctx, input): Promise<{ id: string }> => {
  const user = requireCaller(ctx)
  const members = requireTeam(ctx, user)
  if (input.id === user.sub) throw new AppError('CONFLICT', 'You cannot remove yourself: ask another admin.')
  const { users, oidcModels } = ctx.db.tables
  await ctx.db.write(
    async (tx) => {
      const [remover] = await tx.select({ role: users.role }).from(users).where(eq(users.id, user.sub))
      if (remover?.role !== 'admin') throw new AppError('FORBIDDEN', ONLY_ADMINS)
      const [gone] = await tx
        .delete(users)
        .where(eq(users.id, input.id))
        .returning({ email: users.email, role: users.role })
      if (!gone) throw new AppError('NOT_FOUND', 'No member with this id.')
      const [admins] = await tx.select({ n: count() }).from(users).where(eq(users.role, 'admin'))
      if ((admins?.n ?? 0) === 0) throw new AppError('CONFLICT', LAST_ADMIN)
      await tx.delete(oidcModels).where(eq(ctx.db.jsonText(oidcModels.payload, 'accountId'), input.id))
      await revokeTokensOf(tx, ctx.db, input.id)
      await recordEvent(ctx.db, tx, ctx.now(), {
        action: 'member.removed',
        actor: user,
        subject: { type: 'member', id: gone.email, name: gone.email },
        details: { role: gone.role },
      })
    },
    { lock: TEAM_LOCK },
  )
  members.forget(input.id)
  return { id: input.id }
})
