// A user corrects the kind of creative the inspector inferred (tRPC packages.setKind): the
// targets then judge the package as that kind, in the matrix, the badge and the list's filter.
// `kind: null` goes back to the inferred kind.
import { eq } from 'drizzle-orm'
import { z } from 'zod/mini'
import { uuidInputSchema } from '../../../shared/api.ts'
import { MESSAGES } from '../../../shared/constants.ts'
import { CREATIVE_KINDS } from '../../../shared/inspector/creative-kind.ts'
import type { InspectionReport } from '../../../shared/inspector/types.ts'
import type { AuditRecord } from '../../../shared/targets/types.ts'
import { defineAction, requireCaller } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import { chooseTargets } from './chosen-targets.ts'
import { packageMatrix } from './package-matrix.ts'
import { storedVerdicts } from './stored-verdicts.ts'

export const setPackageKindInputSchema = z.extend(uuidInputSchema, {
  kind: z.nullable(z.enum(CREATIVE_KINDS)),
})

export const setPackageKind = defineAction(setPackageKindInputSchema, async (ctx, input) => {
  requireCaller(ctx)
  const { packages } = ctx.db.tables
  const row = await ctx.db.write(async (tx) => {
    const [found] = await tx
      .select({ inspection: packages.inspection, audit: packages.audit })
      .from(packages)
      .where(eq(packages.uuid, input.uuid))
    if (!found) throw new AppError('NOT_FOUND', MESSAGES.packageNotFound)
    const targetVerdicts = storedVerdicts(
      found.inspection as InspectionReport | null,
      found.audit as AuditRecord | null,
      input.kind,
    )
    await tx.update(packages).set({ kind: input.kind, targetVerdicts }).where(eq(packages.uuid, input.uuid))
    return found
  })
  return packageMatrix(
    row.inspection as InspectionReport | null,
    row.audit as AuditRecord | null,
    chooseTargets(ctx.config, undefined),
    input.kind,
  )
})
