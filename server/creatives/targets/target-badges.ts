// The list's badges (tRPC targets.badges): the verdict over DEFAULT_TARGETS for the packages a
// screen shows, in one call. Packages that do not exist are left out.
import { inArray } from 'drizzle-orm'
import { z } from 'zod/mini'
import type { InspectionReport } from '../../../shared/inspector/types.ts'
import type { AuditRecord, VerdictBadge } from '../../../shared/targets/types.ts'
import { readOnlyAction, requireCaller } from '../../actions/define-action.ts'
import { chooseTargets } from './chosen-targets.ts'
import { packageMatrix } from './package-matrix.ts'

/** More than a screen shows; the list asks for the rows it has. */
const MAX_BADGES = 500

export const targetBadgesInputSchema = z.object({
  uuids: z.array(z.string().check(z.maxLength(100))).check(z.maxLength(MAX_BADGES)),
})

export const targetBadges = readOnlyAction(targetBadgesInputSchema, async (ctx, input) => {
  requireCaller(ctx)
  const chosen = chooseTargets(ctx.config, undefined)
  const { packages } = ctx.db.tables
  const rows =
    input.uuids.length === 0
      ? []
      : await ctx.db.orm
          .select({
            uuid: packages.uuid,
            inspection: packages.inspection,
            audit: packages.audit,
            kind: packages.kind,
          })
          .from(packages)
          .where(inArray(packages.uuid, input.uuids))
  const badges: Record<string, VerdictBadge> = {}
  for (const row of rows) {
    badges[row.uuid] = packageMatrix(
      row.inspection as InspectionReport | null,
      row.audit as AuditRecord | null,
      chosen,
      row.kind,
    ).badge
  }
  return { badges }
})
