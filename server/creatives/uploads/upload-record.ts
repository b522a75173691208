// An upload's record, as the upload actions find it.
import { eq } from 'drizzle-orm'
import { MESSAGES } from '../../../shared/constants.ts'
import type { ActionContext, Services } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'

/** How long an upload may take, after its URL expires, to be validated and created before the sweep removes it. */
export const UPLOAD_LIFETIME_MS = 60 * 60 * 1000

/**
 * An upload lives as long as its URL and an hour more, so its body is never removed while the
 * URL could still write it (a URL valid for longer than an hour keeps its upload as long).
 */
export function uploadLifetimeMs(config: Services['config']): number {
  return config.uploads.signedUrlTtlSeconds * 1000 + UPLOAD_LIFETIME_MS
}

/** The upload `uuid`: 404 when unknown, or expired before it became a package. */
export async function requireUpload(ctx: ActionContext, uuid: string) {
  const { uploads } = ctx.db.tables
  const [upload] = await ctx.db.orm.select().from(uploads).where(eq(uploads.uuid, uuid))
  if (!upload || (upload.expiresAt < ctx.now() && upload.state !== 'created')) {
    throw new AppError('NOT_FOUND', MESSAGES.uploadNotFound)
  }
  return upload
}

export const filenameExists = () =>
  new AppError('CONFLICT', MESSAGES.filenameExists, { filenameExists: true })
