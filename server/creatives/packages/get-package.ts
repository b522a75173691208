// One package with its inspection report (the QA workbench shows both).
import { eq } from 'drizzle-orm'
import { type Package, uuidInputSchema } from '../../../shared/api.ts'
import { MESSAGES } from '../../../shared/constants.ts'
import type { InspectionReport } from '../../../shared/inspector/inspect.ts'
import { readOnlyAction, requireCaller } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import { packageColumns, toPackageView } from './package-view.ts'

export const getPackage = readOnlyAction(
  uuidInputSchema,
  async (ctx, input): Promise<{ package: Package; inspection: InspectionReport | null }> => {
    requireCaller(ctx)
    const { packages } = ctx.db.tables
    const [row] = await ctx.db.orm
      .select({ ...packageColumns(packages), inspection: packages.inspection })
      .from(packages)
      .where(eq(packages.uuid, input.uuid))
    if (!row) throw new AppError('NOT_FOUND', MESSAGES.packageNotFound)
    const { inspection, ...columns } = row
    return {
      package: toPackageView(columns, ctx.config.publicUrl),
      inspection: (inspection as InspectionReport | null) ?? null,
    }
  },
)
