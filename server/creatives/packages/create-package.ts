// Step 4 of an upload (POST /api/packages/{uuid}): the validated upload becomes a package
// in one transaction. `keep` takes the next filename_version, `overwrite` replaces the newest
// record of that name keeping its id (the replaced version is retained REPLACE_UNDO_DAYS for an
// admin's undo, undo-replace.ts, then purged with its files), `none` refuses a taken name. The
// pinned bytes must still be the validated ones (size and sha256). The thumbnail job and the
// runtime audit's are enqueued in the same commit. Again for the same upload: the same package,
// `created: false`.
import { and, desc, eq } from 'drizzle-orm'
import { type Package, uuidInputSchema } from '../../../shared/api.ts'
import { MESSAGES } from '../../../shared/constants.ts'
import type { InspectionReport } from '../../../shared/inspector/inspect.ts'
import { type ActionContext, callerName, defineAction, requireCaller } from '../../actions/define-action.ts'
import { recordPackageEvent } from '../../identity/audit-trail/record-package-event.ts'
import { AppError } from '../../platform/errors.ts'
import { blobKeys } from '../../platform/storage/blob-store.ts'
import { retainPackage } from '../retention/retain-package.ts'
import { auditJob, queuedAudit } from '../runtime-audit/audit-job.ts'
import { storedVerdicts } from '../targets/stored-verdicts.ts'
import { thumbnailJob } from '../thumbnails/thumbnail-job.ts'
import { filenameExists, requireUpload } from '../uploads/upload-record.ts'
import { packageColumns, toPackageView } from './package-view.ts'

type Created = { package: Package; created: boolean }

export const createPackage = defineAction(uuidInputSchema, async (ctx, input): Promise<Created> => {
  const user = requireCaller(ctx)
  const upload = await requireUpload(ctx, input.uuid)
  if (upload.state === 'created') return existing(ctx, upload.uuid)
  if (upload.state !== 'validated') throw new AppError('CONFLICT', MESSAGES.uploadNotValidated)
  const blobKey = blobKeys.package(upload.uuid)
  const stored = await ctx.blobs.digest(blobKey)
  if (!stored || stored.size !== upload.fileSize || stored.sha256 !== upload.sha256) {
    throw new AppError('CONFLICT', MESSAGES.uploadChanged)
  }
  const report = upload.inspection as InspectionReport
  const audit = ctx.auditCreatives ? queuedAudit(ctx.config.targets.auditWindowMs, ctx.now()) : null
  const record = {
    uuid: upload.uuid,
    filename: upload.filename,
    fileSize: stored.size,
    sha256: stored.sha256,
    blobKey,
    entry: report.entry ?? 'index.html',
    adWidth: report.adSize?.width ?? null,
    adHeight: report.adSize?.height ?? null,
    inspection: report,
    thumbnailKey: null,
    audit,
    targetVerdicts: storedVerdicts(report, audit),
    uploadedBy: callerName(user),
    createdAt: ctx.now(),
  }
  const { packages, uploads } = ctx.db.tables
  // The version is chosen and the row written with no other writer of this name in between.
  const { row, replaced } = await ctx.db.write(
    async (tx) => {
      const [marked] = await tx
        .update(uploads)
        .set({ state: 'created' })
        .where(and(eq(uploads.uuid, upload.uuid), eq(uploads.state, 'validated')))
        .returning({ uuid: uploads.uuid })
      if (!marked) return { row: undefined, replaced: undefined }
      const [latest] = await tx
        .select()
        .from(packages)
        .where(eq(packages.filename, upload.filename))
        .orderBy(desc(packages.filenameVersion))
        .limit(1)
      if (latest && upload.policy === 'none') throw filenameExists()
      const columns = packageColumns(packages)
      const [row] =
        latest && upload.policy === 'overwrite'
          ? await tx.update(packages).set(record).where(eq(packages.id, latest.id)).returning(columns)
          : await tx
              .insert(packages)
              .values({ ...record, filenameVersion: (latest?.filenameVersion ?? 0) + 1 })
              .returning(columns)
      if (ctx.renderThumbnails) await ctx.jobs.enqueue(thumbnailJob(upload.uuid, user.sub), tx)
      if (ctx.auditCreatives) {
        await ctx.jobs.enqueue(auditJob(upload.uuid, ctx.config.targets.auditWindowMs, user.sub), tx)
      }
      const replaced = upload.policy === 'overwrite' ? latest : undefined
      const undoUntil = replaced && (await retainPackage(ctx, tx, replaced, 'replaced', user))
      if (row) {
        await recordPackageEvent(
          ctx,
          tx,
          replaced ? 'package.replaced' : 'package.uploaded',
          row,
          {
            size: row.fileSize,
            sha256: row.sha256,
            ...(replaced && undoUntil
              ? { replacedUuid: replaced.uuid, undoUntil: new Date(undoUntil).toISOString() }
              : {}),
          },
          record.createdAt,
        )
      }
      return { row, replaced: replaced?.uuid }
    },
    { lock: `filename:${upload.filename}` },
  )
  // Another create of this upload committed first.
  if (!row) return existing(ctx, upload.uuid)
  // The replaced files stay until the purge; whatever holds them open lets go now.
  if (replaced) ctx.packageGone(replaced)
  return { package: toPackageView(row, ctx.config.publicUrl), created: true }
})

async function existing(ctx: ActionContext, uuid: string): Promise<Created> {
  const { packages } = ctx.db.tables
  const [row] = await ctx.db.orm
    .select(packageColumns(packages))
    .from(packages)
    .where(eq(packages.uuid, uuid))
  if (!row) throw new AppError('NOT_FOUND', MESSAGES.packageNotFound)
  return { package: toPackageView(row, ctx.config.publicUrl), created: false }
}
