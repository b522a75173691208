// The ad sizes the packages declare, with how many declare each, most common first: the choices
// of the list's ad-size filter.
import { count, desc } from 'drizzle-orm'
import { z } from 'zod/mini'
import type { AdSizeCounts } from '../../../shared/api.ts'
import { readOnlyAction, requireCaller } from '../../actions/define-action.ts'

export const countAdSizes = readOnlyAction(z.optional(z.unknown()), async (ctx): Promise<AdSizeCounts> => {
  requireCaller(ctx)
  const { packages } = ctx.db.tables
  const rows = await ctx.db.orm
    .select({ width: packages.adWidth, height: packages.adHeight, count: count() })
    .from(packages)
    .groupBy(packages.adWidth, packages.adHeight)
    .orderBy(desc(count()))
  // A width without a height (or the other way round) counts as no ad size too.
  const counts = new Map<string | null, number>()
  for (const { width, height, count } of rows) {
    const adSize = width && height ? `${width}x${height}` : null
    counts.set(adSize, (counts.get(adSize) ?? 0) + count)
  }
  return [...counts].map(([adSize, count]) => ({ adSize, count })).sort((a, b) => b.count - a.count)
})
