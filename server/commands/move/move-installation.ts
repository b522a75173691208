// Moves a single-machine installation (its SQLite database and its DATA_DIR files) into
// PostgreSQL and an S3-compatible bucket: keys, users and invitations, packages with their zips
// and thumbnails, retained package versions, the audit trail, live sign-in sessions and the
// unfinished jobs (thumbnails, audits, purges). The source is only read. What the move leaves
// out: uploads not yet created (their URLs point at the old server) and failed sign-in counters.
//
// Re-running it is safe: a record or file the target already has is checked and kept, not
// copied again, so a run killed halfway is finished by the next one. A re-run only adds: it
// stops, changing nothing, when the target holds a package the source no longer has.
import fs from 'node:fs'
import path from 'node:path'
import { count, gt, isNull, or } from 'drizzle-orm'
import type { Database } from '../../platform/db/database.ts'
import type { BlobStore } from '../../platform/storage/blob-store.ts'
import { claimTarget, TargetRefused } from './claim-target.ts'
import { advanceCounters, copyRows } from './copy-rows.ts'
import { type FileTally, withFilesMoved } from './move-package-files.ts'

type PackageRecord = Database['tables']['packages']['$inferSelect']

export interface MoveSource {
  /** The installation's DATA_DIR. */
  dir: string
  db: Database
  /** installationId() of the source. */
  id: string
}

export interface MoveTarget {
  db: Database
  blobs: BlobStore
}

export interface MoveOutcome {
  resumed: boolean
  /** Per table: rows read from the source, rows written (the rest were there already). */
  rows: Record<string, { read: number; written: number }>
  files: FileTally
  /** Source packages the target does not hold after the move. */
  missing: number
}

/** Keys a bucket-backed installation keeps in the database (the local disk's URL signer stays behind). */
const MOVED_KEYS = ['oidc-signing-keys.json', 'oidc-cookie-keys.json']

export async function moveInstallation(
  source: MoveSource,
  target: MoveTarget,
  say: (line: string) => void,
): Promise<MoveOutcome> {
  const resumed = await claimTarget(target.db, target.blobs, source.id)
  if (resumed) await refuseGonePackages(source.db, target.db)
  say(
    resumed
      ? 'The target holds an earlier run of this move: what is there is checked, what is missing copied.'
      : 'The target is empty: moving.',
  )
  const { secrets } = target.db.tables
  for (const name of MOVED_KEYS) {
    const file = path.join(source.dir, 'keys', name)
    if (!fs.existsSync(file)) continue
    const value = fs.readFileSync(file, 'utf8')
    await target.db.write((tx) =>
      tx.insert(secrets).values({ name, value, createdAt: Date.now() }).onConflictDoNothing(),
    )
  }

  const files: FileTally = { copied: 0, present: 0, problems: [] }
  const blobsDir = path.join(source.dir, 'blobs')
  const now = Date.now()
  const [packageCount] = await source.db.orm.select({ n: count() }).from(source.db.tables.packages)
  const rows: MoveOutcome['rows'] = {}
  rows.users = await copyRows(source.db, target.db, { table: 'users', key: (t) => t.id })
  rows.memberLinks = await copyRows(source.db, target.db, { table: 'memberLinks', key: (t) => t.id })
  rows.packages = await copyRows(source.db, target.db, {
    table: 'packages',
    key: (t) => t.id,
    prepare: (page) => withFilesMoved(blobsDir, target.blobs, page, files),
    progress: (read) =>
      say(
        `Packages: ${read} of ${packageCount?.n ?? 0} (files: ${files.copied} copied, ${files.present} already there)`,
      ),
  })
  rows.retainedPackages = await copyRows(source.db, target.db, {
    table: 'retainedPackages',
    key: (t) => t.uuid,
    prepare: async (page) => {
      const kept = page.map((row) => row.record as PackageRecord)
      const records = await withFilesMoved(blobsDir, target.blobs, kept, files)
      return records.flatMap((record) => {
        const row = page.find((retained) => retained.uuid === record.uuid)
        return row ? [{ ...row, record }] : []
      })
    },
  })
  rows.auditEvents = await copyRows(source.db, target.db, { table: 'auditEvents', key: (t) => t.id })
  rows.oidcModels = await copyRows(source.db, target.db, {
    table: 'oidcModels',
    key: (t) => [t.model, t.id],
    where: (t) => or(isNull(t.expiresAt), gt(t.expiresAt, Math.floor(now / 1000))),
  })
  rows.jobs = await copyRows(source.db, target.db, {
    table: 'jobs',
    key: (t) => t.id,
    where: (t) => isNull(t.failedAt),
    // Whatever process held a job is the old server's: the job is free for the new ones.
    prepare: async (page) => page.map((job) => ({ ...job, lockedBy: null, lockedUntil: null })),
  })
  await advanceCounters(target.db)
  return { resumed, rows, files, missing: await missingPackages(source.db, target.db) }
}

const packageUuids = async (db: Database) =>
  new Set(
    (await db.orm.select({ uuid: db.tables.packages.uuid }).from(db.tables.packages)).map((r) => r.uuid),
  )

async function missingPackages(source: Database, target: Database): Promise<number> {
  const there = await packageUuids(target)
  return [...(await packageUuids(source))].filter((uuid) => !there.has(uuid)).length
}

/**
 * A re-run only adds what is missing. A package the target holds and the source no longer has
 * was deleted or replaced on the old server since the earlier run (or uploaded to the new
 * servers, which the move cannot tell apart): rather than leave it listed, or guess and remove
 * someone's upload, the run stops before it changes anything.
 */
async function refuseGonePackages(source: Database, target: Database): Promise<void> {
  const inSource = await packageUuids(source)
  const gone = [...(await packageUuids(target))].filter((uuid) => !inSource.has(uuid))
  if (gone.length === 0) return
  throw new TargetRefused(
    `The target holds ${gone.length} packages the source no longer has (${gone.slice(0, 3).join(', ')}${gone.length > 3 ? ', ...' : ''}): deleted or replaced on the old server since the earlier run, or uploaded to the new servers. A re-run only adds what is missing, so it cannot bring these up to date: move again into an empty database and bucket, with the old server stopped. Nothing was changed.`,
  )
}
