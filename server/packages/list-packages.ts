// Spec 7 GET /api/packages: every package, newest first, in one query.
import { desc } from 'drizzle-orm'
import { z } from 'zod/mini'
import type { PackageList } from '../../shared/api.ts'
import { defineAction, requireCaller } from '../actions/define-action.ts'
import { packageColumns, toPackageView } from './package-view.ts'

export const listPackages = defineAction(z.optional(z.object({})), async (ctx): Promise<PackageList> => {
  requireCaller(ctx)
  const { packages } = ctx.db.tables
  const rows = await ctx.db.orm
    .select(packageColumns(packages))
    .from(packages)
    .orderBy(desc(packages.createdAt), desc(packages.id))
  return { packages: rows.map((row) => toPackageView(row, ctx.config.publicUrl)) }
})
