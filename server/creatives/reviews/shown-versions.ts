// The versions a review link has shown, from its making on: each newest version is recorded the
// first time the link shows it. A Replace moves the earlier version to retained_packages (kept
// REPLACE_UNDO_DAYS), a Keep both leaves it in packages; either way it stays reachable through
// the link, for a reviewer to compare with, while its files are kept and its name is still on
// the link. A deleted package's versions are not: deleting ends them.
import { and, eq, inArray } from 'drizzle-orm'
import type { Database, Orm } from '../../platform/db/database.ts'
import type { PackageRow } from './newest-versions.ts'
import type { ReviewLinkRow } from './review-access.ts'

export interface ShownVersion {
  pkg: PackageRow
  shownAt: number
}

/** Records what the link shows now; only versions it has not shown before are written. */
export async function recordShownVersions(
  db: Database,
  link: Pick<ReviewLinkRow, 'id'>,
  newest: PackageRow[],
  now: number,
): Promise<void> {
  const { reviewLinkVersions } = db.tables
  const known = await db.orm
    .select({ uuid: reviewLinkVersions.packageUuid })
    .from(reviewLinkVersions)
    .where(eq(reviewLinkVersions.linkId, link.id))
  const fresh = newest.filter((pkg) => !known.some((k) => k.uuid === pkg.uuid))
  if (fresh.length === 0) return
  await db.write((tx) => insertShown(db, tx, link, fresh, now))
}

export async function insertShown(
  db: Database,
  tx: Orm,
  link: Pick<ReviewLinkRow, 'id'>,
  versions: PackageRow[],
  now: number,
): Promise<void> {
  const { reviewLinkVersions } = db.tables
  await tx
    .insert(reviewLinkVersions)
    .values(
      versions.map((pkg) => ({
        linkId: link.id,
        packageUuid: pkg.uuid,
        filename: pkg.filename,
        shownAt: now,
      })),
    )
    .onConflictDoNothing()
}

/** The link's shown versions whose files are still kept (a current package, or a replaced one). */
export async function shownVersions(db: Database, orm: Orm, link: ReviewLinkRow): Promise<ShownVersion[]> {
  const { reviewLinkVersions, packages, retainedPackages } = db.tables
  const shown = await orm
    .select()
    .from(reviewLinkVersions)
    .where(eq(reviewLinkVersions.linkId, link.id))
    .orderBy(reviewLinkVersions.shownAt)
  const uuids = shown.map((s) => s.packageUuid)
  if (uuids.length === 0) return []
  const [current, replaced] = await Promise.all([
    orm.select().from(packages).where(inArray(packages.uuid, uuids)),
    orm
      .select({ record: retainedPackages.record })
      .from(retainedPackages)
      .where(and(inArray(retainedPackages.uuid, uuids), eq(retainedPackages.reason, 'replaced'))),
  ])
  const kept = [...current, ...replaced.map((r) => r.record as PackageRow)]
  return shown.flatMap((s) => {
    const pkg = kept.find((k) => k.uuid === s.packageUuid)
    return pkg ? [{ pkg, shownAt: s.shownAt }] : []
  })
}

/** The version the link showed before `current` (the newest of its name), if still kept. */
export function previousOf(shown: ShownVersion[], current: PackageRow): PackageRow | undefined {
  return shown.filter((s) => s.pkg.filename === current.filename && s.pkg.uuid !== current.uuid).at(-1)?.pkg
}
