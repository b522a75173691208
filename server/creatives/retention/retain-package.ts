// Retention, shared by the package screen's Undo and an admin's undo of a Replace:
// a package version leaves `packages` (so nothing lists, previews or downloads it),
// its record is kept in `retained_packages` and its files stay in the blob store until
// `purgeAt`, when a purge job (purge-retained.ts) removes both. The job is enqueued in the same
// commit, so a restart keeps every deadline; until then restore-retained.ts brings it back.
import { callerName, type Services } from '../../actions/define-action.ts'
import type { AuthUser } from '../../identity/access/user.ts'
import type { Orm } from '../../platform/db/database.ts'
import type { JobSpec } from '../../platform/jobs/job-queue.ts'

export type PackageRecord = Services['db']['tables']['packages']['$inferSelect']

export type RetentionReason = 'deleted' | 'replaced'

const PURGE_KIND = 'retention-purge'

export function purgeJob(uuid: string, runAt: number): JobSpec {
  return { kind: PURGE_KIND, key: purgeJobKey(uuid), payload: { uuid }, runAt, maxAttempts: 5 }
}
export const purgeJobKey = (uuid: string) => `${PURGE_KIND}:${uuid}`
export { PURGE_KIND }

/**
 * Keeps `record` (already removed from `packages` in `tx`) restorable for as long as the
 * configuration keeps what is `reason` (DELETE_UNDO_SECONDS, REPLACE_UNDO_DAYS); answers when it goes.
 */
export async function retainPackage(
  services: Services,
  tx: Orm,
  record: PackageRecord,
  reason: RetentionReason,
  by: AuthUser,
): Promise<number> {
  const { deleteUndoMs, replaceUndoMs } = services.config.retention
  const retainedAt = services.now()
  const purgeAt = retainedAt + (reason === 'deleted' ? deleteUndoMs : replaceUndoMs)
  await tx.insert(services.db.tables.retainedPackages).values({
    uuid: record.uuid,
    packageId: record.id,
    reason,
    record,
    retainedBy: callerName(by),
    retainedAt,
    purgeAt,
  })
  await services.jobs.enqueue(purgeJob(record.uuid, purgeAt), tx)
  return purgeAt
}
