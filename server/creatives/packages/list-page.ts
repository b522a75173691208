// One page of the package list: search by name, filters by ad size, by delivery target verdict
// and by review state, a sort, and a cursor (keyset pagination: the page after the last row seen, so
// a page costs the same deep in a list of thousands as at its start, and rows added meanwhile do
// not shift it). The same SQL on SQLite and PostgreSQL: lower() on both sides of LIKE and of the
// name order, an explicit escape; the verdicts are a text column (creatives/targets/stored-verdicts.ts).
import { and, asc, count, desc, eq, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm'
import type { PackagePage } from '../../../shared/api.ts'
import {
  DEFAULT_ORDER,
  DEFAULT_PAGE_SIZE,
  type ListVerdict,
  NO_AD_SIZE,
  type ParsedPackageListQuery,
} from '../../../shared/package-query.ts'
import type { ActionContext } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import { reviewFilter } from '../reviews/review-filter.ts'
import { chooseTargets } from '../targets/chosen-targets.ts'
import { refreshStoredVerdicts, verdictFilter } from '../targets/stored-verdicts.ts'
import { decodeCursor, encodeCursor } from './list-cursor.ts'
import { packageColumns, toPackageView } from './package-view.ts'

/** The rows whose verdict is `verdict` over `target` or the chosen targets, judged by today's rules. */
async function verdictFiltering(ctx: ActionContext, verdict: ListVerdict, target: string | undefined) {
  const chosen = chooseTargets(ctx.config, target)
  await refreshStoredVerdicts(ctx.db)
  return verdictFilter(ctx.db.tables.packages, verdict, chosen.ids)
}

/** A LIKE pattern matching `text` anywhere, with the pattern's own characters taken literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export async function listPage(ctx: ActionContext, query: ParsedPackageListQuery): Promise<PackagePage> {
  const { packages } = ctx.db.tables
  const sort = query.sort ?? 'created'
  const order = query.order ?? DEFAULT_ORDER[sort]
  const limit = query.limit ?? DEFAULT_PAGE_SIZE
  // As SQL with each column's own reading (PostgreSQL answers 64-bit integers as strings).
  const sortKey: SQL<number | string> = {
    created: sql<number>`${packages.createdAt}`.mapWith(packages.createdAt),
    name: sql<string>`lower(${packages.filename})`,
    size: sql<number>`${packages.fileSize}`.mapWith(packages.fileSize),
  }[sort]

  const filters: (SQL | undefined)[] = []
  if (query.search) {
    filters.push(sql`lower(${packages.filename}) LIKE lower(${containsPattern(query.search)}) ESCAPE '\\'`)
  }
  if (query.adSize === NO_AD_SIZE) filters.push(or(isNull(packages.adWidth), isNull(packages.adHeight)))
  else if (query.adSize) {
    const [width, height] = query.adSize.split('x').map(Number)
    filters.push(and(eq(packages.adWidth, width!), eq(packages.adHeight, height!)))
  }
  if (query.verdict) filters.push(await verdictFiltering(ctx, query.verdict, query.target))
  else if (query.target)
    throw new AppError('BAD_REQUEST', 'target needs a verdict to filter by: fail, warn or pass')
  if (query.review) filters.push(await reviewFilter(ctx.db, query.review, ctx.now()))
  const matching = and(...filters)

  // After the cursor's row in this order: a later key, or the same key and a later id.
  const after = order === 'asc' ? gt : lt
  const position = query.cursor ? decodeCursor(query.cursor, sort, order) : undefined
  const afterCursor =
    position &&
    or(after(sortKey, position.value), and(eq(sortKey, position.value), after(packages.id, position.id)))
  const direction = order === 'asc' ? asc : desc

  const [rows, [counted]] = await Promise.all([
    ctx.db.orm
      .select({ ...packageColumns(packages), sortKey })
      .from(packages)
      .where(and(matching, afterCursor))
      .orderBy(direction(sortKey), direction(packages.id))
      .limit(limit + 1),
    ctx.db.orm.select({ total: count() }).from(packages).where(matching),
  ])
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  return {
    packages: page.map(({ sortKey: _key, ...row }) => toPackageView(row, ctx.config.publicUrl)),
    total: counted?.total ?? 0,
    nextCursor:
      rows.length > limit && last ? encodeCursor({ sort, order, value: last.sortKey, id: last.id }) : null,
  }
}
