// A change to a member's own account that signs out their other sessions (a new password, or
// just that), in one transaction with its audit entry; the caller's session stays.
import type { AuditAction } from '../../../shared/team.ts'
import type { ActionContext } from '../../actions/define-action.ts'
import type { Orm } from '../../platform/db/database.ts'
import type { AuthUser } from '../access/user.ts'
import { recordEvent } from '../audit-trail/record-event.ts'
import { endSessions } from '../provider/end-sessions.ts'
import type { MemberCheck } from '../provider/member-check.ts'

export async function signOutOthers(
  ctx: ActionContext,
  account: { user: AuthUser; email: string; members: MemberCheck },
  action: AuditAction,
  change: (tx: Orm) => Promise<unknown> = async () => {},
): Promise<{ ok: true }> {
  const { user, email } = account
  const now = ctx.now()
  await ctx.db.write(async (tx) => {
    await change(tx)
    await endSessions(ctx.db, tx, user.sub, { keep: user.session, now })
    await recordEvent(ctx.db, tx, now, {
      action,
      actor: user,
      subject: { type: 'member', id: email, name: email },
    })
  })
  account.members.forget(user.sub)
  return { ok: true }
}
