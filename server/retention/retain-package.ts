// Retention, shared by the package screen's Undo (issue 18) and an admin's undo of a Replace
// (issue 21): a package version leaves `packages` (so nothing lists, previews or downloads it),
// its record is kept in `retained_packages` and its files stay in the blob store until
// `purgeAt`, when a purge job (purge-retained.ts) removes both. The job is enqueued in the same
// commit, so a restart keeps every deadline; until then restore-retained.ts brings it back.
import type { Services } from '../actions/define-action.ts'
import type { Orm } from '../db/database.ts'
import type { JobSpec } from '../jobs/job-queue.ts'

export type PackageRecord = Services['db']['tables']['packages']['$inferSelect']

export interface Retention {
  reason: 'deleted' | 'replaced'
  /** Who deleted or replaced it. */
  by: string
  /** How long it stays restorable. */
  keepMs: number
}

const PURGE_KIND = 'retention-purge'

export function purgeJob(uuid: string, runAt: number): JobSpec {
  return { kind: PURGE_KIND, key: purgeJobKey(uuid), payload: { uuid }, runAt, maxAttempts: 5 }
}
export const purgeJobKey = (uuid: string) => `${PURGE_KIND}:${uuid}`
export { PURGE_KIND }

/** Keeps `record` (already removed from `packages` in `tx`) restorable; answers when it goes. */
export async function retainPackage(
  services: Services,
  tx: Orm,
  record: PackageRecord,
  retention: Retention,
): Promise<number> {
  const retainedAt = services.now()
  const purgeAt = retainedAt + retention.keepMs
  await tx.insert(services.db.tables.retainedPackages).values({
    uuid: record.uuid,
    packageId: record.id,
    reason: retention.reason,
    record,
    retainedBy: retention.by,
    retainedAt,
    purgeAt,
  })
  await services.jobs.enqueue(purgeJob(record.uuid, purgeAt), tx)
  return purgeAt
}
