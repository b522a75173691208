// Brings a retained package version back (retain-package.ts) while its time is not up: the same
// record (id, uuid, version, files) returns to `packages`, and its purge job is dropped.
import { and, eq, gt } from 'drizzle-orm'
import type { Services } from '../../actions/define-action.ts'
import type { Orm } from '../../platform/db/database.ts'
import type { PackageRecord, RetentionReason } from './retain-package.ts'
import { purgeJobKey } from './retain-package.ts'

export type RestoreOutcome =
  | { restored: PackageRecord }
  | { missing: true }
  /** Another package took its name and version meanwhile. */
  | { taken: PackageRecord }

export async function restoreRetained(
  services: Services,
  tx: Orm,
  uuid: string,
  reason: RetentionReason,
): Promise<RestoreOutcome> {
  const { packages } = services.db.tables
  const record = await takeRetained(services, tx, uuid, reason)
  if (!record) return { missing: true }
  const [holder] = await tx
    .select({ id: packages.id })
    .from(packages)
    .where(and(eq(packages.filename, record.filename), eq(packages.filenameVersion, record.filenameVersion)))
  if (holder) return { taken: record }
  await tx.insert(packages).values(record)
  return { restored: record }
}

/** Takes a retained version out of retention (its purge job goes too) while its time is not up. */
export async function takeRetained(
  services: Services,
  tx: Orm,
  uuid: string,
  reason: RetentionReason,
): Promise<PackageRecord | undefined> {
  const { retainedPackages, jobs } = services.db.tables
  const [retained] = await tx
    .delete(retainedPackages)
    .where(
      and(
        eq(retainedPackages.uuid, uuid),
        eq(retainedPackages.reason, reason),
        gt(retainedPackages.purgeAt, services.now()),
      ),
    )
    .returning({ record: retainedPackages.record })
  if (!retained) return undefined
  await tx.delete(jobs).where(eq(jobs.key, purgeJobKey(uuid)))
  return retained.record as PackageRecord
}
