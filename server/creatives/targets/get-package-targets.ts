// A package's verdict per delivery target (REST GET /api/packages/{uuid}/targets, tRPC
// targets.matrix): the matrix and the badge, with the runtime audit's state, so a caller
// polls it until the audit is done or failed.
import { eq } from 'drizzle-orm'
import { z } from 'zod/mini'
import { uuidInputSchema } from '../../../shared/api.ts'
import { MESSAGES } from '../../../shared/constants.ts'
import type { InspectionReport } from '../../../shared/inspector/types.ts'
import type { AuditRecord } from '../../../shared/targets/types.ts'
import { readOnlyAction, requireCaller } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import { chooseTargets } from './chosen-targets.ts'
import { packageMatrix } from './package-matrix.ts'

export const packageTargetsInputSchema = z.extend(uuidInputSchema, {
  /** Target ids (a list, or comma-separated); absent: DEFAULT_TARGETS. */
  targets: z.optional(z.union([z.string(), z.array(z.string()).check(z.maxLength(50))])),
})

export const getPackageTargets = readOnlyAction(packageTargetsInputSchema, async (ctx, input) => {
  requireCaller(ctx)
  const chosen = chooseTargets(ctx.config, input.targets)
  const { packages } = ctx.db.tables
  const [row] = await ctx.db.orm
    .select({ inspection: packages.inspection, audit: packages.audit, kind: packages.kind })
    .from(packages)
    .where(eq(packages.uuid, input.uuid))
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.packageNotFound)
  return packageMatrix(
    row.inspection as InspectionReport | null,
    row.audit as AuditRecord | null,
    chosen,
    row.kind,
  )
})
