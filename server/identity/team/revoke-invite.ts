// An admin takes back an invitation that was not accepted yet.
import { and, eq, isNull } from 'drizzle-orm'
import { memberInputSchema } from '../../../shared/team.ts'
import { defineAction, requireCaller } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import { recordEvent } from '../audit-trail/record-event.ts'
import { requireTeam } from './require-team.ts'

export const revokeInvite = defineAction(memberInputSchema, async (ctx, input): Promise<{ id: string }> => {
  const user = requireCaller(ctx)
  requireTeam(ctx, user)
  const { memberLinks } = ctx.db.tables
  await ctx.db.write(async (tx) => {
    const [gone] = await tx
      .delete(memberLinks)
      .where(and(eq(memberLinks.id, input.id), eq(memberLinks.kind, 'invite'), isNull(memberLinks.usedAt)))
      .returning({ email: memberLinks.email })
    if (!gone) throw new AppError('NOT_FOUND', 'No open invitation with this id.')
    await recordEvent(ctx.db, tx, ctx.now(), {
      action: 'member.invite-revoked',
      actor: user,
      subject: { type: 'member', id: gone.email, name: gone.email },
    })
  })
  return { id: input.id }
})
