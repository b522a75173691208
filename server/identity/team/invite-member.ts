// An admin invites someone by email: a single-use link that expires in 7 days, shown to copy
// and hand on (no mail server needed), and mailed to them when SMTP_URL is set. Inviting the same
// address again replaces the open link.
import { inviteInputSchema, type MemberLink } from '../../../shared/team.ts'
import { callerName, defineAction, requireCaller } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import { normalizeEmail } from '../access/email.ts'
import { recordEvent } from '../audit-trail/record-event.ts'
import { findUserByEmail } from '../provider/users.ts'
import { mailMemberLink } from './mail-member-link.ts'
import { createMemberLink } from './member-links.ts'
import { requireTeam } from './require-team.ts'

export const inviteMember = defineAction(inviteInputSchema, async (ctx, input): Promise<MemberLink> => {
  const user = requireCaller(ctx)
  requireTeam(ctx, user)
  const email = normalizeEmail(input.email)
  if (await findUserByEmail(ctx.db, email)) throw new AppError('CONFLICT', `${email} is already a member.`)
  const link = await ctx.db.write(async (tx) => {
    const created = await createMemberLink(ctx, tx, {
      kind: 'invite',
      email,
      role: input.role,
      createdBy: callerName(user),
    })
    await recordEvent(ctx.db, tx, ctx.now(), {
      action: 'member.invited',
      actor: user,
      subject: { type: 'member', id: email, name: email },
      details: { role: input.role, expiresAt: created.expiresAt },
    })
    return created
  })
  return mailMemberLink(ctx, 'invite', link, callerName(user))
})
