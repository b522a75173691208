// An API token's scope, enforced where REST and tRPC call an action (api/rest/api.ts, api/trpc/router.ts):
// read reaches the actions marked read-only (list, get), write every action. A person signed in
// has no scope: everything. Tokens themselves are made and revoked by a person only.
import { type ActionContext, requireCaller } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import type { AuthUser } from './user.ts'

export const SCOPE_REFUSED = {
  readOnly: 'This API token may only read (scope read): make one with scope write to change anything.',
  personOnly: 'API tokens are made and revoked by a person signed in, not with an API token.',
} as const

export function requireScope(user: AuthUser | null | undefined, action: { readOnly?: true }): void {
  if (user?.apiToken?.scope === 'read' && !action.readOnly) {
    throw new AppError('FORBIDDEN', SCOPE_REFUSED.readOnly)
  }
}

/** For the token actions: the caller signed in as a person. */
export function requirePerson(ctx: ActionContext): AuthUser {
  const user = requireCaller(ctx)
  if (user.apiToken) throw new AppError('FORBIDDEN', SCOPE_REFUSED.personOnly)
  return user
}
