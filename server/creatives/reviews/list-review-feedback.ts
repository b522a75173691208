// What reviewers said of a package, every version and every link, oldest first: the workbench's
// review panel. A decision reads as its word (approved, changes-requested).
import { asc, eq } from 'drizzle-orm'
import { z } from 'zod/mini'
import type { ReviewFeedback } from '../../../shared/review.ts'
import { readOnlyAction } from '../../actions/define-action.ts'

export const listReviewFeedback = readOnlyAction(
  z.object({ filename: z.string() }),
  async (ctx, input): Promise<ReviewFeedback> => {
    const { reviewComments: c, reviewDecisions: d } = ctx.db.tables
    const [comments, decisions] = await Promise.all([
      ctx.db.orm.select().from(c).where(eq(c.filename, input.filename)).orderBy(asc(c.at)),
      ctx.db.orm.select().from(d).where(eq(d.filename, input.filename)).orderBy(asc(d.at)),
    ])
    const said = (row: { linkId: string; packageUuid: string; name: string; email: string; at: number }) => ({
      linkId: row.linkId,
      uuid: row.packageUuid,
      name: row.name,
      email: row.email,
      at: new Date(row.at).toISOString(),
    })
    return [
      ...comments.map((row) => ({
        kind: 'comment' as const,
        ...said(row),
        text: row.text,
        pin: (row.pin as { x: number; y: number } | null) ?? null,
      })),
      ...decisions.map((row) => ({ kind: 'decision' as const, ...said(row), text: row.decision, pin: null })),
    ].sort((a, b) => a.at.localeCompare(b.at))
  },
)
