// A member changes their own password: the current one first (a borrowed session must not be
// enough), checked under the sign-in throttle with the login form's counters (a burst of wrong
// guesses is refused with 429 as at the login form), then the new one; the member's other
// sessions are signed out, this one stays.
import { eq } from 'drizzle-orm'
import { changePasswordInputSchema } from '../../../shared/team.ts'
import { defineAction, requireCaller } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import { hashPassword, MIN_PASSWORD_LENGTH } from '../provider/passwords.ts'
import { retryAfterText } from '../provider/sign-in.ts'
import { createPasswordCheck } from '../provider/throttled-password.ts'
import { requireOwnAccount } from './require-own-account.ts'
import { signOutOthers } from './sign-out-others.ts'

export const changePassword = defineAction(
  changePasswordInputSchema,
  async (ctx, input): Promise<{ ok: true }> => {
    const user = requireCaller(ctx)
    const { members, email, passwordHash } = await requireOwnAccount(ctx, user)
    const checked = await createPasswordCheck(ctx.db, ctx.now)(
      email,
      user.address ?? 'unknown',
      input.currentPassword,
      async () => passwordHash,
    )
    if (checked.outcome === 'throttled') {
      throw new AppError(
        'TOO_MANY_REQUESTS',
        retryAfterText(checked.retryAfterSeconds, 'Too many wrong passwords.'),
      )
    }
    if (checked.outcome === 'wrong') throw new AppError('BAD_REQUEST', 'The current password is not right.')
    if (input.newPassword.length < MIN_PASSWORD_LENGTH) {
      throw new AppError(
        'BAD_REQUEST',
        `The new password must have at least ${MIN_PASSWORD_LENGTH} characters.`,
      )
    }
    const newHash = await hashPassword(input.newPassword)
    const { users } = ctx.db.tables
    return signOutOthers(ctx, { user, email, members }, 'member.password-changed', (tx) =>
      tx.update(users).set({ passwordHash: newHash }).where(eq(users.id, user.sub)),
    )
  },
)
