// Who the signed-in person is, for the account screen and the way to the team screens.
import { z } from 'zod/mini'
import type { Account } from '../../../shared/team.ts'
import { readOnlyAction, requireCaller } from '../../actions/define-action.ts'

export const getAccount = readOnlyAction(z.optional(z.object({})), async (ctx): Promise<Account> => {
  const user = requireCaller(ctx)
  return { email: user.email ?? null, role: user.role, managedHere: ctx.members !== undefined }
})
