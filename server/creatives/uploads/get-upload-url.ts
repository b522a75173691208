// Step 1 of an upload (GET /api/upload/get-package-upload-url): checks the name against
// the policy and the caller's unfinished uploads against the cap, records the upload, and
// answers the storage driver's signed URL for the body.
import { randomUUID } from 'node:crypto'
import { and, count, eq, gte, ne } from 'drizzle-orm'
import { type UploadUrlAnswer, uploadUrlQuerySchema } from '../../../shared/api.ts'
import { MESSAGES } from '../../../shared/constants.ts'
import { API } from '../../../shared/paths.ts'
import { callerName, defineAction, requireCaller } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import { blobKeys } from '../../platform/storage/blob-store.ts'
import { filenameTaken } from '../packages/filename-taken.ts'
import { filenameExists, uploadLifetimeMs } from './upload-record.ts'

export const getUploadUrl = defineAction(
  uploadUrlQuerySchema,
  async (ctx, input): Promise<UploadUrlAnswer> => {
    const { config, db } = ctx
    const { uploads } = db.tables
    const createdBy = callerName(requireCaller(ctx))
    if (input.policy === 'none' && (await filenameTaken(db, input.filename))) throw filenameExists()
    const uuid = randomUUID()
    const createdAt = ctx.now()
    const key = blobKeys.upload(uuid)
    await db.write(
      async (tx) => {
        const [open] = await tx
          .select({ n: count() })
          .from(uploads)
          .where(
            and(
              eq(uploads.createdBy, createdBy),
              ne(uploads.state, 'created'),
              gte(uploads.expiresAt, createdAt),
            ),
          )
        if ((open?.n ?? 0) >= config.uploads.maxPendingUploads) {
          throw new AppError('TOO_MANY_REQUESTS', MESSAGES.tooManyPendingUploads)
        }
        await tx.insert(uploads).values({
          uuid,
          filename: input.filename,
          policy: input.policy,
          state: 'pending',
          blobKey: key,
          createdBy,
          createdAt,
          expiresAt: createdAt + uploadLifetimeMs(config),
        })
      },
      { lock: `uploads-of:${createdBy}` },
    )
    const signedRequest = await ctx.blobs.signUploadUrl({
      key,
      contentType: input.contentType,
      maxBytes: config.uploads.maxPackageBytes,
      expiresInSeconds: config.uploads.signedUrlTtlSeconds,
    })
    return { signedRequest, uuid, url: config.publicUrl + API.download(uuid, input.filename) }
  },
)
