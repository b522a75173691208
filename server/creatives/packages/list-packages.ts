// GET /api/packages: without a query, every package, newest first, in one query (the
// original { packages } answer); with any of search, sort, order, adSize, limit or cursor, one
// page of them (list-page.ts).
import { desc } from 'drizzle-orm'
import { z } from 'zod/mini'
import type { PackageList, PackagePage } from '../../../shared/api.ts'
import { asksForPage, packageListQuerySchema } from '../../../shared/package-query.ts'
import { readOnlyAction, requireCaller } from '../../actions/define-action.ts'
import { listPage } from './list-page.ts'
import { packageColumns, toPackageView } from './package-view.ts'

export const listPackages = readOnlyAction(
  z.optional(packageListQuerySchema),
  async (ctx, query): Promise<PackageList | PackagePage> => {
    requireCaller(ctx)
    if (query && asksForPage(query)) return listPage(ctx, query)
    const { packages } = ctx.db.tables
    const rows = await ctx.db.orm
      .select(packageColumns(packages))
      .from(packages)
      .orderBy(desc(packages.createdAt), desc(packages.id))
    return { packages: rows.map((row) => toPackageView(row, ctx.config.publicUrl)) }
  },
)
