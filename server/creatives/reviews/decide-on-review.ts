// A reviewer's decision on a version: Approve or Request changes. The newest decision on a
// version is its state in the team's list; a decision on an earlier version stays with it. With
// SMTP set, the sharer hears of it by mail (a mail that fails is logged, the decision stands).

import { withoutBidiControls } from '../../../shared/filename.ts'
import { reviewDecisionInputSchema } from '../../../shared/review.ts'
import { parseInput, type Services } from '../../actions/define-action.ts'
import { logger } from '../../platform/log/logger.ts'
import { recordReviewerEvent } from './record-reviewer-event.ts'
import type { ReviewLinkRow } from './review-access.ts'
import { reviewedVersion } from './reviewed-version.ts'

const DECISION_WORDS = { approved: 'approved', 'changes-requested': 'requested changes to' } as const
const SUBJECTS = { approved: 'approved', 'changes-requested': 'changes requested' } as const

export async function decideOnReview(
  services: Services,
  link: ReviewLinkRow,
  address: string | undefined,
  raw: unknown,
): Promise<{ decision: string }> {
  const input = parseInput(reviewDecisionInputSchema, raw)
  const { reviewDecisions } = services.db.tables
  const now = services.now()
  const reviewer = { name: withoutBidiControls(input.name), email: input.email, address }
  const pkg = await services.db.write(
    async (tx) => {
      const pkg = await reviewedVersion(services, tx, link, input.versionId)
      await tx.insert(reviewDecisions).values({
        linkId: link.id,
        packageUuid: pkg.uuid,
        filename: pkg.filename,
        decision: input.decision,
        name: reviewer.name,
        email: reviewer.email,
        at: now,
      })
      await recordReviewerEvent(services.db, tx, now, 'review.decided', pkg, reviewer, {
        link: link.id,
        decision: input.decision,
      })
      return pkg
    },
    { lock: `review:${link.id}` },
  )
  const to = link.createdBy
  if (services.mailer && to?.includes('@')) {
    const words = `${reviewer.name} <${reviewer.email}> ${DECISION_WORDS[input.decision]} ${pkg.filename} (version ${pkg.filenameVersion}).`
    services.mailer
      .send({ to, subject: `${pkg.filename}: ${SUBJECTS[input.decision]}`, text: words })
      .catch((error: unknown) =>
        logger.warn({ err: error, link: link.id }, 'The review decision mail failed'),
      )
  }
  return { decision: input.decision }
}
