// The storage sweep, a recurring job (every 5 minutes, once across app processes): expired
// uploads go with their files, and so does every file no record owns (a crash between two
// steps) and every temp file an interrupted write left. An upload's body stays while its URL
// could still write (so a late PUT is refused, not stored); its pinned copy stays while the
// upload may still become a package.
import { and, eq, gte, isNotNull, lt, ne } from 'drizzle-orm'
import type { Services } from '../../actions/define-action.ts'
import type { JobHandler } from '../../platform/jobs/job-runner.ts'
import { blobKeys } from '../../platform/storage/blob-store.ts'
import { UPLOAD_LIFETIME_MS } from './upload-record.ts'

const EVERY_MS = 5 * 60 * 1000
const FAILED_JOBS_KEPT_MS = 7 * 24 * 60 * 60 * 1000

export interface SweepResult {
  uploads: number
  orphans: number
  temporary: number
}

export async function sweepStorage(services: Services): Promise<SweepResult> {
  const { db, blobs } = services
  const { uploads, packages, jobs, retainedPackages } = db.tables
  const now = services.now()
  const expired = await db.write((tx) =>
    tx
      .delete(uploads)
      .where(and(lt(uploads.expiresAt, now), ne(uploads.state, 'created')))
      .returning({ uuid: uploads.uuid }),
  )
  const live = await db.orm
    .select({ uuid: uploads.uuid, state: uploads.state })
    .from(uploads)
    .where(gte(uploads.expiresAt, now))
  // A retained version's files are owned until its purge (server/creatives/retention/).
  const packageUuids = new Set(
    [
      ...(await db.orm.select({ uuid: packages.uuid }).from(packages)),
      ...(await db.orm.select({ uuid: retainedPackages.uuid }).from(retainedPackages)),
    ].map((row) => row.uuid),
  )
  const owned = new Set([
    ...live.map((upload) => blobKeys.upload(upload.uuid)),
    ...live.filter((upload) => upload.state !== 'created').map((upload) => blobKeys.package(upload.uuid)),
    ...[...packageUuids].flatMap((uuid) => [blobKeys.package(uuid), blobKeys.thumbnail(uuid)]),
  ])
  let orphans = 0
  for (const folder of ['uploads', 'packages', 'thumbnails']) {
    for (const key of await blobs.list(folder)) {
      if (owned.has(key) || (await ownedNow(services, key, now))) continue
      await blobs.delete(key)
      orphans++
    }
  }
  await db.write((tx) =>
    tx.delete(jobs).where(and(isNotNull(jobs.failedAt), lt(jobs.failedAt, now - FAILED_JOBS_KEPT_MS))),
  )
  const temporary = await blobs.removeStaleTemporaryFiles(UPLOAD_LIFETIME_MS)
  return { uploads: expired.length, orphans, temporary }
}

/**
 * A file outside the first snapshot may belong to an upload that began since: its record is
 * written before its URL is handed out, so asking again right before deleting is enough.
 */
async function ownedNow({ db }: Services, key: string, now: number): Promise<boolean> {
  const { uploads, packages } = db.tables
  const uuid = blobKeys.uuidOf(key) ?? ''
  const [upload] = await db.orm
    .select({ state: uploads.state })
    .from(uploads)
    .where(and(eq(uploads.uuid, uuid), gte(uploads.expiresAt, now)))
  const [pkg] = await db.orm.select({ id: packages.id }).from(packages).where(eq(packages.uuid, uuid))
  const [retained] = await db.orm
    .select({ uuid: db.tables.retainedPackages.uuid })
    .from(db.tables.retainedPackages)
    .where(eq(db.tables.retainedPackages.uuid, uuid))
  if (key === blobKeys.upload(uuid)) return upload !== undefined
  return (
    pkg !== undefined ||
    retained !== undefined ||
    (key === blobKeys.package(uuid) && upload !== undefined && upload.state !== 'created')
  )
}

export function sweepHandler(services: Services): JobHandler {
  return {
    kind: 'storage-sweep',
    everyMs: EVERY_MS,
    budgetMs: EVERY_MS,
    async run() {
      await sweepStorage(services)
    },
  }
}
