// The typed API the client uses: nouns for routers, verbs for procedures. Each calls the same
// action as the REST route of spec 7 and answers the same shape (create adds `created`). The
// actions parse their own input; the procedure only gives the client its input type.
import type { z } from 'zod/mini'
import type { Action } from '../actions/define-action.ts'
import { listEvents } from '../audit/list-events.ts'
import { requireScope } from '../auth/scope.ts'
import { endLiveSession } from '../live/end-live-session.ts'
import { startLiveSession } from '../live/start-live-session.ts'
import { changePassword } from '../members/change-password.ts'
import { endOtherSessions } from '../members/end-other-sessions.ts'
import { getAccount } from '../members/get-account.ts'
import { inviteMember } from '../members/invite-member.ts'
import { issueResetLink } from '../members/issue-reset-link.ts'
import { listMembers } from '../members/list-members.ts'
import { removeMember } from '../members/remove-member.ts'
import { revokeInvite } from '../members/revoke-invite.ts'
import { countAdSizes } from '../packages/count-ad-sizes.ts'
import { createPackage } from '../packages/create-package.ts'
import { deletePackage } from '../packages/delete-package.ts'
import { getPackage } from '../packages/get-package.ts'
import { listPackages } from '../packages/list-packages.ts'
import { restorePackage } from '../packages/restore-package.ts'
import { undoReplace } from '../packages/undo-replace.ts'
import { getPackageTargets } from '../targets/get-package-targets.ts'
import { targetBadges } from '../targets/target-badges.ts'
import { createApiToken } from '../tokens/create-api-token.ts'
import { listApiTokens } from '../tokens/list-api-tokens.ts'
import { revokeApiToken } from '../tokens/revoke-api-token.ts'
import { getUploadUrl } from '../uploads/get-upload-url.ts'
import { validateUpload } from '../uploads/validate-upload.ts'
import { protectedProcedure, router } from './init.ts'

function procedure<S extends z.ZodMiniType, Out>(action: Action<S, Out>) {
  return protectedProcedure
    .input((input: unknown) => input as z.input<S>)
    .use(({ ctx, input, next }) => {
      requireScope(ctx.user, action)
      return next({ ctx: { call: () => action(ctx.actions, input) } })
    })
}
const query = <S extends z.ZodMiniType, Out>(action: Action<S, Out>) =>
  procedure(action).query(({ ctx }) => ctx.call())
const mutation = <S extends z.ZodMiniType, Out>(action: Action<S, Out>) =>
  procedure(action).mutation(({ ctx }) => ctx.call())

export const appRouter = router({
  packages: router({
    list: query(listPackages),
    get: query(getPackage),
    create: mutation(createPackage),
    delete: mutation(deletePackage),
    restore: mutation(restorePackage),
    undoReplace: mutation(undoReplace),
    adSizes: query(countAdSizes),
  }),
  live: router({
    start: mutation(startLiveSession),
    end: mutation(endLiveSession),
  }),
  targets: router({
    matrix: query(getPackageTargets),
    badges: query(targetBadges),
  }),
  tokens: router({
    list: query(listApiTokens),
    create: mutation(createApiToken),
    revoke: mutation(revokeApiToken),
  }),
  upload: router({
    getUrl: mutation(getUploadUrl),
    validate: mutation(validateUpload),
  }),
  // Beside the spec (issue #21): a member's own account, the team an admin manages, the audit trail.
  account: router({
    get: query(getAccount),
    changePassword: mutation(changePassword),
    endOtherSessions: mutation(endOtherSessions),
  }),
  team: router({
    list: query(listMembers),
    invite: mutation(inviteMember),
    revokeInvite: mutation(revokeInvite),
    resetLink: mutation(issueResetLink),
    remove: mutation(removeMember),
  }),
  audit: router({
    list: query(listEvents),
  }),
})

export type AppRouter = typeof appRouter
