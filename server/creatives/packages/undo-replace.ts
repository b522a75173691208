// An administrator undoes a Replace (docs/team.md): while the replaced version
// is retained (REPLACE_UNDO_DAYS), it takes its place again under the same id, name and version,
// with its own uuid, links and files; the version that replaced it is retained in turn, so the
// undo can itself be undone the same way.
import { eq } from 'drizzle-orm'
import { type Package, uuidInputSchema } from '../../../shared/api.ts'
import { MESSAGES } from '../../../shared/constants.ts'
import { defineAction, requireCaller } from '../../actions/define-action.ts'
import { recordPackageEvent } from '../../identity/audit-trail/record-package-event.ts'
import { requireAdmin } from '../../identity/team/require-admin.ts'
import { AppError } from '../../platform/errors.ts'
import { takeRetained } from '../retention/restore-retained.ts'
import { retainPackage } from '../retention/retain-package.ts'
import { toPackageView } from './package-view.ts'

export const undoReplace = defineAction(
  uuidInputSchema,
  async (ctx, input): Promise<{ package: Package }> => {
    const user = requireAdmin(requireCaller(ctx))
    const { packages } = ctx.db.tables
    const { restored, current } = await ctx.db.write(async (tx) => {
      const previous = await takeRetained(ctx, tx, input.uuid, 'replaced')
      if (!previous) throw new AppError('NOT_FOUND', MESSAGES.nothingToUndo)
      const [current] = await tx.select().from(packages).where(eq(packages.id, previous.id))
      // Thrown inside the transaction: it rolls back, and the replaced version stays retained.
      if (!current) throw new AppError('CONFLICT', MESSAGES.replacedPackageGone)
      const { id, ...fields } = previous
      const [restored] = await tx.update(packages).set(fields).where(eq(packages.id, id)).returning()
      const undoUntil = await retainPackage(ctx, tx, current, 'replaced', user)
      await recordPackageEvent(ctx, tx, 'package.replace-undone', previous, {
        replacedUuid: current.uuid,
        undoUntil: new Date(undoUntil).toISOString(),
      })
      return { restored: restored ?? previous, current }
    })
    // The version taken out keeps its files until its purge; whatever holds them open lets go.
    ctx.packageGone(current.uuid)
    return { package: toPackageView(restored, ctx.config.publicUrl) }
  },
)
