// The typed API the client uses: nouns for routers, verbs for procedures. Each calls the same
// action as its REST route and answers the same shape (create adds `created`). The
// actions parse their own input; the procedure only gives the client its input type.
import type { z } from 'zod/mini'
import type { Action } from '../../actions/define-action.ts'
import { endLiveSession } from '../../creatives/live/end-live-session.ts'
import { startLiveSession } from '../../creatives/live/start-live-session.ts'
import { countAdSizes } from '../../creatives/packages/count-ad-sizes.ts'
import { createPackage } from '../../creatives/packages/create-package.ts'
import { deletePackage } from '../../creatives/packages/delete-package.ts'
import { getPackage } from '../../creatives/packages/get-package.ts'
import { listPackages } from '../../creatives/packages/list-packages.ts'
import { restorePackage } from '../../creatives/packages/restore-package.ts'
import { undoReplace } from '../../creatives/packages/undo-replace.ts'
import { createReviewLink } from '../../creatives/reviews/create-review-link.ts'
import { listReviewFeedback } from '../../creatives/reviews/list-review-feedback.ts'
import { listReviewLinks } from '../../creatives/reviews/list-review-links.ts'
import { reviewStates } from '../../creatives/reviews/review-states.ts'
import { revokeReviewLink } from '../../creatives/reviews/revoke-review-link.ts'
import { getPackageTargets } from '../../creatives/targets/get-package-targets.ts'
import { setPackageKind } from '../../creatives/targets/set-package-kind.ts'
import { targetBadges } from '../../creatives/targets/target-badges.ts'
import { getUploadUrl } from '../../creatives/uploads/get-upload-url.ts'
import { validateUpload } from '../../creatives/uploads/validate-upload.ts'
import { requireScope } from '../../identity/access/scope.ts'
import { createApiToken } from '../../identity/api-tokens/create-api-token.ts'
import { listApiTokens } from '../../identity/api-tokens/list-api-tokens.ts'
import { revokeApiToken } from '../../identity/api-tokens/revoke-api-token.ts'
import { listEvents } from '../../identity/audit-trail/list-events.ts'
import { changePassword } from '../../identity/team/change-password.ts'
import { endOtherSessions } from '../../identity/team/end-other-sessions.ts'
import { getAccount } from '../../identity/team/get-account.ts'
import { inviteMember } from '../../identity/team/invite-member.ts'
import { issueResetLink } from '../../identity/team/issue-reset-link.ts'
import { listMembers } from '../../identity/team/list-members.ts'
import { removeMember } from '../../identity/team/remove-member.ts'
import { revokeInvite } from '../../identity/team/revoke-invite.ts'
import { protectedProcedure, router } from './init.ts'

function procedure<S extends z.ZodMiniType, Out>(action: Action<S, Out>) {
  return protectedProcedure
    .input((input: unknown) => input as z.input<S>)
    .use(({ ctx, input, next }) => {
      requireScope(ctx.user, action)
      return next({ ctx: { call: () => action(ctx.actionContext, input) } })
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
    setKind: mutation(setPackageKind),
  }),
  live: router({
    start: mutation(startLiveSession),
    end: mutation(endLiveSession),
  }),
  reviews: router({
    share: mutation(createReviewLink),
    list: query(listReviewLinks),
    revoke: mutation(revokeReviewLink),
    states: query(reviewStates),
    feedback: query(listReviewFeedback),
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
  // Beyond the package calls: a member's own account, the team an admin manages, the audit trail.
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
