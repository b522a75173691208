// The package service: one implementation behind both transports (REST and tRPC). The upload
// contract has three steps (uploadthing's): authorise + limits (getUploadUrl), the direct PUT
// (receiveUpload), and completion (validateUpload, then create), each recorded in `uploads`.
import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import { and, desc, eq, lt, ne } from 'drizzle-orm'
import type { Package, UploadUrlAnswer, ValidationAnswer } from '../../shared/api.ts'
import { MESSAGES, type UPLOAD_CONTENT_TYPE, type UploadPolicy } from '../../shared/constants.ts'
import type { InspectionReport, InspectOptions } from '../../shared/inspector/inspect.ts'
import { inspectionErrors, inspectionWarnings } from '../../shared/inspector/inspect.ts'
import { API } from '../../shared/paths.ts'
import type { ByteSource } from '../../shared/zip/byte-source.ts'
import type { AuthUser } from '../auth/user.ts'
import type { Config } from '../config/parse-config.ts'
import type { Db } from '../db/client.ts'
import { packages, uploads } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { logger } from '../log/logger.ts'
import { type BlobStore, blobKeys } from '../storage/blob-store.ts'
import { type PackageRow, toPackageView } from './package-view.ts'

/** How long an upload may take, after its URL expires, to be validated and created before the sweep removes it. */
export const UPLOAD_LIFETIME_MS = 60 * 60 * 1000

export type Inspect = (source: ByteSource, options: InspectOptions) => Promise<InspectionReport>

export interface PackageEvents {
  /** After a create has committed (the thumbnailer hooks in here). */
  created?(uuid: string): void
  /** After a package's row is gone, with the uuids whose files no longer exist. */
  removed?(uuid: string): void
}

export interface PackageServiceDeps {
  db: Db
  blobStore: BlobStore
  config: Pick<Config, 'publicUrl' | 'uploads'>
  inspect: Inspect
  events?: PackageEvents
  now?: () => number
}

export interface UploadUrlRequest {
  filename: string
  contentType: typeof UPLOAD_CONTENT_TYPE
  policy: UploadPolicy
}

const PACKAGE_COLUMNS = {
  id: packages.id,
  uuid: packages.uuid,
  filename: packages.filename,
  filenameVersion: packages.filenameVersion,
  fileSize: packages.fileSize,
  sha256: packages.sha256,
  adWidth: packages.adWidth,
  adHeight: packages.adHeight,
  uploadedBy: packages.uploadedBy,
  createdAt: packages.createdAt,
}

export type PackageService = ReturnType<typeof createPackageService>

export function createPackageService(deps: PackageServiceDeps) {
  const { db, blobStore, config, inspect } = deps
  // Read when asked (not captured), so a test that moves the clock moves it here too.
  const now = deps.now ?? (() => Date.now())
  const view = (row: PackageRow): Package => toPackageView(row, config.publicUrl)

  function filenameTaken(filename: string): boolean {
    return (
      db.select({ id: packages.id }).from(packages).where(eq(packages.filename, filename)).limit(1).get() !==
      undefined
    )
  }

  function requireUpload(uuid: string) {
    const upload = db.select().from(uploads).where(eq(uploads.uuid, uuid)).get()
    if (!upload || (upload.expiresAt < now() && upload.state !== 'created')) {
      throw new AppError('NOT_FOUND', MESSAGES.uploadNotFound)
    }
    return upload
  }

  function filenameExistsError(): AppError {
    return new AppError('CONFLICT', MESSAGES.filenameExists, { filenameExists: true })
  }

  return {
    list(): { packages: Package[] } {
      const rows = db
        .select(PACKAGE_COLUMNS)
        .from(packages)
        .orderBy(desc(packages.createdAt), desc(packages.id))
        .all()
      return { packages: rows.map(view) }
    },

    /** One package with its inspection report (the QA workbench shows both). */
    get(uuid: string): { package: Package; inspection: InspectionReport | null } {
      const row = db
        .select({ ...PACKAGE_COLUMNS, inspection: packages.inspection })
        .from(packages)
        .where(eq(packages.uuid, uuid))
        .get()
      if (!row) throw new AppError('NOT_FOUND', MESSAGES.packageNotFound)
      const { inspection, ...columns } = row
      return { package: view(columns), inspection: (inspection as InspectionReport | null) ?? null }
    },

    getUploadUrl(user: AuthUser, request: UploadUrlRequest): UploadUrlAnswer {
      if (request.policy === 'none' && filenameTaken(request.filename)) throw filenameExistsError()
      const uuid = randomUUID()
      const key = blobKeys.package(uuid)
      const createdAt = now()
      db.insert(uploads)
        .values({
          uuid,
          filename: request.filename,
          policy: request.policy,
          state: 'pending',
          blobKey: key,
          createdBy: user.email ?? user.sub,
          createdAt,
          // A URL valid for longer than an hour (SIGNED_URL_TTL_SECONDS) keeps its upload as long.
          expiresAt: createdAt + config.uploads.signedUrlTtlSeconds * 1000 + UPLOAD_LIFETIME_MS,
        })
        .run()
      const signedRequest = blobStore.signPutUrl({
        key,
        contentType: request.contentType,
        maxBytes: config.uploads.maxPackageBytes,
        expiresInSeconds: config.uploads.signedUrlTtlSeconds,
      })
      return { signedRequest, uuid, url: config.publicUrl + API.download(uuid, request.filename) }
    },

    /** The body of a signed PUT, streamed to the blob store. */
    async receiveUpload(uuid: string, body: Readable, maxBytes: number): Promise<void> {
      const upload = requireUpload(uuid)
      if (upload.state !== 'pending') {
        throw new AppError('CONFLICT', 'This upload has already been received: ask for a new upload URL.')
      }
      const stored = await blobStore.write(upload.blobKey, body, { maxBytes })
      db.update(uploads)
        .set({ state: 'received', fileSize: stored.size, sha256: stored.sha256 })
        .where(and(eq(uploads.uuid, uuid), eq(uploads.state, 'pending')))
        .run()
    },

    async validateUpload(
      _user: AuthUser,
      uuid: string,
      options: { requireMraid: boolean },
    ): Promise<ValidationAnswer> {
      const upload = requireUpload(uuid)
      if (upload.state === 'created') throw new AppError('CONFLICT', 'This upload is already a package.')
      if (upload.state === 'pending' || !(await blobStore.stat(upload.blobKey))) {
        throw new AppError('CONFLICT', MESSAGES.uploadNotReceived)
      }
      const source = await blobStore.openSource(upload.blobKey)
      let report: InspectionReport
      try {
        report = await inspect(source, { requireMraid: options.requireMraid })
      } finally {
        await source.close()
      }
      db.update(uploads)
        .set({ inspection: report, state: report.ok ? 'validated' : 'received' })
        .where(eq(uploads.uuid, uuid))
        .run()
      if (!report.ok) {
        throw new AppError('UNPROCESSABLE_CONTENT', MESSAGES.validationFailed, {
          details: inspectionErrors(report),
        })
      }
      return { message: 'The package is valid.', details: inspectionWarnings(report) }
    },

    /** Creates the package of a validated upload; again for the same upload, answers the same package (`created: false`). */
    create(user: AuthUser, uuid: string): { package: Package; created: boolean } {
      const upload = requireUpload(uuid)
      if (upload.state === 'created') {
        const existing = db.select(PACKAGE_COLUMNS).from(packages).where(eq(packages.uuid, uuid)).get()
        if (existing) return { package: view(existing), created: false }
        throw new AppError('NOT_FOUND', MESSAGES.packageNotFound)
      }
      if (upload.state !== 'validated') throw new AppError('CONFLICT', MESSAGES.uploadNotValidated)
      const report = upload.inspection as InspectionReport
      const record = {
        uuid,
        filename: upload.filename,
        fileSize: upload.fileSize ?? 0,
        sha256: upload.sha256 ?? '',
        blobKey: upload.blobKey,
        entry: report.entry ?? 'index.html',
        adWidth: report.adSize?.width ?? null,
        adHeight: report.adSize?.height ?? null,
        inspection: report,
        thumbnailKey: null,
        uploadedBy: user.email ?? user.sub,
        createdAt: now(),
      }
      // One transaction: the version is chosen and the row written with no other writer in
      // between (better-sqlite3 transactions are synchronous and SQLite serialises writers).
      const { row, replaced } = db.transaction((tx) => {
        const latest = tx
          .select({
            id: packages.id,
            uuid: packages.uuid,
            version: packages.filenameVersion,
            blobKey: packages.blobKey,
            thumbnailKey: packages.thumbnailKey,
          })
          .from(packages)
          .where(eq(packages.filename, upload.filename))
          .orderBy(desc(packages.filenameVersion))
          .limit(1)
          .get()
        let replaced: typeof latest
        let id: number
        if (!latest || upload.policy === 'keep') {
          if (latest && upload.policy === 'none') throw filenameExistsError()
          id = tx
            .insert(packages)
            .values({ ...record, filenameVersion: (latest?.version ?? 0) + 1 })
            .returning({ id: packages.id })
            .get().id
        } else if (upload.policy === 'overwrite') {
          tx.update(packages).set(record).where(eq(packages.id, latest.id)).run()
          id = latest.id
          replaced = latest
        } else {
          throw filenameExistsError()
        }
        tx.update(uploads).set({ state: 'created' }).where(eq(uploads.uuid, uuid)).run()
        const row = tx.select(PACKAGE_COLUMNS).from(packages).where(eq(packages.id, id)).get()!
        return { row, replaced }
      })
      // The old files go only after the new record has committed.
      if (replaced) {
        removeFiles(replaced.uuid, replaced.blobKey, replaced.thumbnailKey).catch((error: unknown) =>
          logger.warn(
            { err: error, uuid: replaced.uuid },
            'Could not remove the replaced files; the sweep will',
          ),
        )
      }
      deps.events?.created?.(uuid)
      return { package: view(row), created: true }
    },

    async delete(_user: AuthUser, uuid: string): Promise<{ uuid: string }> {
      const row = db
        .delete(packages)
        .where(eq(packages.uuid, uuid))
        .returning({ blobKey: packages.blobKey, thumbnailKey: packages.thumbnailKey })
        .get()
      if (!row) throw new AppError('NOT_FOUND', MESSAGES.packageNotFound)
      await removeFiles(uuid, row.blobKey, row.thumbnailKey)
      return { uuid }
    },

    /**
     * Expired uploads, files no row points to, and interrupted writes. Safe at any time; at boot
     * (`atBoot`) no write can be running, so every temporary file is a leftover of a crash.
     */
    async sweep(atBoot = false): Promise<{ uploads: number; orphans: number; temporary: number }> {
      const expired = db
        .delete(uploads)
        .where(and(lt(uploads.expiresAt, now()), ne(uploads.state, 'created')))
        .returning({ blobKey: uploads.blobKey })
        .all()
      for (const { blobKey } of expired) await blobStore.delete(blobKey)
      let orphans = 0
      for (const key of await blobStore.list('packages')) {
        const uuid = blobKeys.uuidOf(key)
        if (!uuid) continue
        const owned =
          db.select({ id: packages.id }).from(packages).where(eq(packages.blobKey, key)).get() ??
          db
            .select({ uuid: uploads.uuid })
            .from(uploads)
            .where(and(eq(uploads.blobKey, key), ne(uploads.state, 'created')))
            .get()
        if (!owned) {
          await blobStore.delete(key)
          orphans++
        }
      }
      const temporary = await blobStore.removeStaleTemporaryFiles(atBoot ? 0 : UPLOAD_LIFETIME_MS)
      return { uploads: expired.length, orphans, temporary }
    },

    /** Where a package's zip and entry are, for the preview host and downloads. */
    locate(uuid: string) {
      return db
        .select({
          filename: packages.filename,
          blobKey: packages.blobKey,
          entry: packages.entry,
          thumbnailKey: packages.thumbnailKey,
          adWidth: packages.adWidth,
          adHeight: packages.adHeight,
          sha256: packages.sha256,
          fileSize: packages.fileSize,
        })
        .from(packages)
        .where(eq(packages.uuid, uuid))
        .get()
    },
  }

  async function removeFiles(uuid: string, blobKey: string, thumbnailKey: string | null): Promise<void> {
    await blobStore.delete(blobKey)
    if (thumbnailKey) await blobStore.delete(thumbnailKey)
    deps.events?.removed?.(uuid)
  }
}
