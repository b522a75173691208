// An admin issues a one-time password-reset link for a member (valid 24 hours); using it sets a
// new password and signs the member out everywhere. Mailed to the member when SMTP_URL is set.
import { eq } from 'drizzle-orm'
import { type MemberLink, memberInputSchema } from '../../../shared/team.ts'
import { callerName, defineAction, requireCaller } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import { recordEvent } from '../audit-trail/record-event.ts'
import { mailMemberLink } from './mail-member-link.ts'
import { createMemberLink } from './member-links.ts'
import { requireTeam } from './require-team.ts'

export const issueResetLink = defineAction(memberInputSchema, async (ctx, input): Promise<MemberLink> => {
  const user = requireCaller(ctx)
  requireTeam(ctx, user)
  const { users } = ctx.db.tables
  const [member] = await ctx.db.orm.select({ email: users.email }).from(users).where(eq(users.id, input.id))
  if (!member) throw new AppError('NOT_FOUND', 'No member with this id.')
  const link = await ctx.db.write(async (tx) => {
    const created = await createMemberLink(ctx, tx, {
      kind: 'reset',
      email: member.email,
      createdBy: callerName(user),
    })
    await recordEvent(ctx.db, tx, ctx.now(), {
      action: 'member.reset-issued',
      actor: user,
      subject: { type: 'member', id: member.email, name: member.email },
    })
    return created
  })
  return mailMemberLink(ctx, 'reset', link, callerName(user))
})
