// Each listed package's review state, for the list's badge and filter: the newest decision on
// that version, else "awaiting" while one of the link's open links names it; absent when it
// was never shared. Decisions stay with the version they were given to, so a new version
// (Replace or Keep both) awaits a decision of its own.
import { and, desc, gt, inArray, isNull } from 'drizzle-orm'
import { z } from 'zod/mini'
import type { ReviewState } from '../../../shared/review.ts'
import { readOnlyAction } from '../../actions/define-action.ts'
import { linkFilenames } from './review-access.ts'

export const reviewStates = readOnlyAction(
  z.object({ uuids: z.array(z.string()).check(z.maxLength(500)) }),
  async (ctx, input): Promise<Record<string, ReviewState>> => {
    if (input.uuids.length === 0) return {}
    const { packages, reviewDecisions, reviewLinks } = ctx.db.tables
    const now = ctx.now()
    const [listed, decisions, open] = await Promise.all([
      ctx.db.orm
        .select({ uuid: packages.uuid, filename: packages.filename })
        .from(packages)
        .where(inArray(packages.uuid, input.uuids)),
      ctx.db.orm
        .select({ uuid: reviewDecisions.packageUuid, decision: reviewDecisions.decision })
        .from(reviewDecisions)
        .where(inArray(reviewDecisions.packageUuid, input.uuids))
        .orderBy(desc(reviewDecisions.at), desc(reviewDecisions.id)),
      ctx.db.orm
        .select({ filenames: reviewLinks.filenames })
        .from(reviewLinks)
        .where(and(isNull(reviewLinks.revokedAt), gt(reviewLinks.expiresAt, now))),
    ])
    const shared = new Set(open.flatMap((l) => linkFilenames(l)))
    const states: Record<string, ReviewState> = {}
    for (const { uuid, filename } of listed) {
      const newest = decisions.find((d) => d.uuid === uuid)
      if (newest) states[uuid] = newest.decision
      else if (shared.has(filename)) states[uuid] = 'awaiting'
    }
    return states
  },
)
