// DELETE /api/packages/{uuid}: the package leaves the list at once (nothing previews or
// downloads it any more) and stays restorable until `undoUntil` (the list's Undo,
// DELETE_UNDO_SECONDS); then a purge job removes its record and files for good, also across a
// restart (server/creatives/retention/).
import { eq } from 'drizzle-orm'
import { uuidInputSchema } from '../../../shared/api.ts'
import { MESSAGES } from '../../../shared/constants.ts'
import { defineAction, requireCaller } from '../../actions/define-action.ts'
import { recordPackageEvent } from '../../identity/audit-trail/record-package-event.ts'
import { AppError } from '../../platform/errors.ts'
import { retainPackage } from '../retention/retain-package.ts'

export const deletePackage = defineAction(
  uuidInputSchema,
  async (ctx, input): Promise<{ uuid: string; undoUntil: string }> => {
    const user = requireCaller(ctx)
    const { packages } = ctx.db.tables
    const purgeAt = await ctx.db.write(async (tx) => {
      const [record] = await tx.delete(packages).where(eq(packages.uuid, input.uuid)).returning()
      if (!record) return undefined
      const purgeAt = await retainPackage(ctx, tx, record, 'deleted', user)
      await recordPackageEvent(ctx, tx, 'package.deleted', record, {
        undoUntil: new Date(purgeAt).toISOString(),
      })
      return purgeAt
    })
    if (purgeAt === undefined) throw new AppError('NOT_FOUND', MESSAGES.packageNotFound)
    // Whatever holds its files open lets go now; the files themselves wait for the purge.
    ctx.packageGone(input.uuid)
    return { uuid: input.uuid, undoUntil: new Date(purgeAt).toISOString() }
  },
)
