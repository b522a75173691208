// An admin removes a member: the account, its provider sessions and grants go in one
// transaction, and the access policy refuses the member's tokens at once in this process
// (within 30 s in any other). Nobody removes themselves, so a team keeps an admin.
import { eq } from 'drizzle-orm'
import { memberInputSchema } from '../../../shared/team.ts'
import { defineAction, requireCaller } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import { revokeTokensOf } from '../api-tokens/revoke-tokens-of.ts'
import { recordEvent } from '../audit-trail/record-event.ts'
import { requireTeam } from './require-team.ts'

export const removeMember = defineAction(memberInputSchema, async (ctx, input): Promise<{ id: string }> => {
  const user = requireCaller(ctx)
  const members = requireTeam(ctx, user)
  if (input.id === user.sub) throw new AppError('CONFLICT', 'You cannot remove yourself: ask another admin.')
  const { users, oidcModels } = ctx.db.tables
  await ctx.db.write(async (tx) => {
    const [gone] = await tx
      .delete(users)
      .where(eq(users.id, input.id))
      .returning({ email: users.email, role: users.role })
    if (!gone) throw new AppError('NOT_FOUND', 'No member with this id.')
    await tx.delete(oidcModels).where(eq(ctx.db.jsonText(oidcModels.payload, 'accountId'), input.id))
    await revokeTokensOf(tx, ctx.db, input.id)
    await recordEvent(ctx.db, tx, ctx.now(), {
      action: 'member.removed',
      actor: user,
      subject: { type: 'member', id: gone.email, name: gone.email },
      details: { role: gone.role },
    })
  })
  members.forget(input.id)
  return { id: input.id }
})
