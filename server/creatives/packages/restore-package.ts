// Undo of a delete: while the delete's undoUntil has not passed, the package comes
// back as it was (same id, uuid, version, links and files).
import { type Package, uuidInputSchema } from '../../../shared/api.ts'
import { MESSAGES } from '../../../shared/constants.ts'
import { defineAction, requireCaller } from '../../actions/define-action.ts'
import { recordPackageEvent } from '../../identity/audit-trail/record-package-event.ts'
import { AppError } from '../../platform/errors.ts'
import { restoreRetained } from '../retention/restore-retained.ts'
import { thumbnailJob } from '../thumbnails/thumbnail-job.ts'
import { toPackageView } from './package-view.ts'

export const restorePackage = defineAction(
  uuidInputSchema,
  async (ctx, input): Promise<{ package: Package }> => {
    const user = requireCaller(ctx)
    const record = await ctx.db.write(async (tx) => {
      const outcome = await restoreRetained(ctx, tx, input.uuid, 'deleted')
      if ('missing' in outcome) throw new AppError('NOT_FOUND', MESSAGES.nothingToRestore)
      // Thrown inside the transaction: it rolls back, and the deleted version stays restorable.
      if ('taken' in outcome) {
        const { filename, filenameVersion } = outcome.taken
        throw new AppError(
          'CONFLICT',
          `${filename} (version ${filenameVersion}) has been uploaded again since: the deleted one cannot take its place.`,
        )
      }
      // Its thumbnail may have been due while it was deleted (the job found no package).
      if (!outcome.restored.thumbnailKey && ctx.renderThumbnails)
        await ctx.jobs.enqueue(thumbnailJob(outcome.restored.uuid, user.sub), tx)
      const restored = outcome.restored
      await recordPackageEvent(ctx, tx, 'package.restored', restored)
      return restored
    })
    return { package: toPackageView(record, ctx.config.publicUrl) }
  },
)
