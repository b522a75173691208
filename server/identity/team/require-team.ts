// The team is managed here only with the embedded provider (an external provider manages its
// own people), and only by an admin.
import { PRODUCT } from '../../../shared/constants.ts'
import type { ActionContext } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import type { AuthUser } from '../access/user.ts'
import type { MemberCheck } from '../provider/member-check.ts'
import { requireAdmin } from './require-admin.ts'

export function requireTeam(ctx: ActionContext, user: AuthUser): MemberCheck {
  if (!ctx.members) {
    throw new AppError('CONFLICT', `Members are managed at the identity provider, not in ${PRODUCT}.`)
  }
  requireAdmin(user)
  return ctx.members
}
