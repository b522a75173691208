// Step 3 of an upload (POST /api/upload/validate-package-upload/{uuid}): pins the stored
// body under the package's key (no upload URL can write there), inspects exactly those bytes,
// and records their size and sha256 with the report: 200 with warnings, 422 with what to fix,
// headed by the refusal's cause. MRAID is required when the deployment says so (REQUIRE_MRAID,
// default) or the caller asks; REFUSE_WARNINGS names the warnings that refuse too.
import { and, eq, ne } from 'drizzle-orm'
import { type ValidationAnswer, validateInputSchema } from '../../../shared/api.ts'
import { MESSAGES } from '../../../shared/constants.ts'
import { inspectionErrors, inspectionWarnings } from '../../../shared/inspector/inspect.ts'
import { refusalHeadline } from '../../../shared/inspector/refusal.ts'
import { defineAction, requireCaller } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import { blobKeys } from '../../platform/storage/blob-store.ts'
import { tooLarge } from '../../platform/storage/storage-errors.ts'
import { requireUpload } from './upload-record.ts'

export const validateUpload = defineAction(
  validateInputSchema,
  async (ctx, input): Promise<ValidationAnswer> => {
    requireCaller(ctx)
    const { blobs, config, db } = ctx
    const { uploads } = db.tables
    const upload = await requireUpload(ctx, input.uuid)
    if (upload.state === 'created') throw new AppError('CONFLICT', 'This upload is already a package.')
    const received = await blobs.stat(upload.blobKey)
    if (!received) throw new AppError('CONFLICT', MESSAGES.uploadNotReceived)
    // Object storage cannot bind a size to every presigned PUT: an oversize body is refused unread.
    if (received.size > config.uploads.maxPackageBytes) throw tooLarge(config.uploads.maxPackageBytes)
    const pinnedKey = blobKeys.package(upload.uuid)
    const pinned = await blobs.pin(upload.blobKey, pinnedKey)
    const source = await blobs.openSource(pinnedKey)
    const report = await ctx
      .inspect(source, {
        requireMraid: config.uploads.requireMraid || input.requireMraid,
        refuseWarnings: config.uploads.refuseWarnings,
      })
      .finally(() => source.close())
    await db.write((tx) =>
      tx
        .update(uploads)
        .set({
          inspection: report,
          state: report.ok ? 'validated' : 'pending',
          fileSize: pinned.size,
          sha256: pinned.sha256,
        })
        .where(and(eq(uploads.uuid, upload.uuid), ne(uploads.state, 'created'))),
    )
    if (!report.ok) {
      throw new AppError('UNPROCESSABLE_CONTENT', refusalHeadline(report), {
        details: inspectionErrors(report),
      })
    }
    return { message: 'The package is valid.', details: inspectionWarnings(report) }
  },
)
