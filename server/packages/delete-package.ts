// Spec 7 DELETE /api/packages/{uuid}: the record, then its files.
import { eq } from 'drizzle-orm'
import { uuidInputSchema } from '../../shared/api.ts'
import { MESSAGES } from '../../shared/constants.ts'
import { defineAction, requireCaller } from '../actions/define-action.ts'
import { AppError } from '../errors.ts'
import { removePackageFiles } from './remove-package-files.ts'

export const deletePackage = defineAction(uuidInputSchema, async (ctx, input): Promise<{ uuid: string }> => {
  requireCaller(ctx)
  const { packages } = ctx.db.tables
  const [row] = await ctx.db.write((tx) =>
    tx.delete(packages).where(eq(packages.uuid, input.uuid)).returning({ uuid: packages.uuid }),
  )
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.packageNotFound)
  await removePackageFiles(ctx, row.uuid)
  return { uuid: row.uuid }
})
