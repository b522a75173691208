// The end of a retention (retain-package.ts): when a retained version's time is up, its record
// goes and then its files, for good. Runs as a job at `purgeAt` (also after a restart: the job
// waits in the database), once across app processes.
import { and, eq, lte } from 'drizzle-orm'
import type { Services } from '../../actions/define-action.ts'
import type { JobHandler } from '../../platform/jobs/job-runner.ts'
import { removePackageFiles } from '../packages/remove-package-files.ts'
import { PURGE_KIND } from './retain-package.ts'

export async function purgeRetained(services: Services, uuid: string): Promise<boolean> {
  const { retainedPackages } = services.db.tables
  // Only when its time is up: a restore that won the race leaves nothing to take.
  const [gone] = await services.db.write((tx) =>
    tx
      .delete(retainedPackages)
      .where(and(eq(retainedPackages.uuid, uuid), lte(retainedPackages.purgeAt, services.now())))
      .returning({ uuid: retainedPackages.uuid }),
  )
  if (!gone) return false
  await removePackageFiles(services, uuid)
  return true
}

export function purgeRetainedHandler(services: Services): JobHandler {
  return {
    kind: PURGE_KIND,
    async run(payload) {
      await purgeRetained(services, (payload as { uuid: string }).uuid)
    },
  }
}
