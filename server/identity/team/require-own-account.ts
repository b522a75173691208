// A member's own account (password, sessions) is the product's to change only with the
// embedded provider.
import { eq } from 'drizzle-orm'
import type { ActionContext } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import type { AuthUser } from '../access/user.ts'

export async function requireOwnAccount(ctx: ActionContext, user: AuthUser) {
  const { members } = ctx
  if (!members) throw new AppError('CONFLICT', 'Your account is managed at the identity provider.')
  const { users } = ctx.db.tables
  const [account] = await ctx.db.orm
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.sub))
  if (!account) throw new AppError('FORBIDDEN', 'Your account has been removed.', { accessDenied: true })
  return { members, ...account }
}
