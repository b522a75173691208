// The review links of a package (by its file name, as the links name it), or all of them, newest
// first, each with its state and who reviewed through it.
import { desc, inArray } from 'drizzle-orm'
import { z } from 'zod/mini'
import type { ReviewLink } from '../../../shared/review.ts'
import { readOnlyAction } from '../../actions/define-action.ts'
import { linkFilenames } from './review-access.ts'
import { toReviewLink } from './review-link-view.ts'

/** The newest links a list shows; older ones stay in the audit trail. */
const SHOWN = 200

export const listReviewLinks = readOnlyAction(
  z.object({ filename: z.optional(z.string()) }),
  async (ctx, input): Promise<ReviewLink[]> => {
    const { reviewLinks, reviewComments, reviewDecisions } = ctx.db.tables
    const rows = await ctx.db.orm.select().from(reviewLinks).orderBy(desc(reviewLinks.createdAt)).limit(SHOWN)
    const links =
      input.filename === undefined
        ? rows
        : rows.filter((l) => linkFilenames(l).includes(input.filename as string))
    if (links.length === 0) return []
    const ids = links.map((l) => l.id)
    const said = [
      ...(await ctx.db.orm
        .select({ linkId: reviewComments.linkId, name: reviewComments.name })
        .from(reviewComments)
        .where(inArray(reviewComments.linkId, ids))),
      ...(await ctx.db.orm
        .select({ linkId: reviewDecisions.linkId, name: reviewDecisions.name })
        .from(reviewDecisions)
        .where(inArray(reviewDecisions.linkId, ids))),
    ]
    const now = ctx.now()
    return links.map((link) =>
      toReviewLink(link, now, [...new Set(said.filter((s) => s.linkId === link.id).map((s) => s.name))]),
    )
  },
)
