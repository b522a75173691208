// A member signs out everywhere but here: their other provider sessions end, and the access
// tokens those sessions were given are refused; this browser's session and tokens stay good.
import { z } from 'zod/mini'
import { defineAction, requireCaller } from '../../actions/define-action.ts'
import { requireOwnAccount } from './require-own-account.ts'
import { signOutOthers } from './sign-out-others.ts'

export const endOtherSessions = defineAction(z.optional(z.object({})), async (ctx): Promise<{ ok: true }> => {
  const user = requireCaller(ctx)
  const { members, email } = await requireOwnAccount(ctx, user)
  return signOutOthers(ctx, { user, email, members }, 'member.sessions-ended')
})
