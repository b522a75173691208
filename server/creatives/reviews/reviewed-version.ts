// The version a reviewer speaks of: the newest of one of the link's packages. An older version
// (replaced since the page loaded) is refused, so a decision never lands on what the reviewer
// did not see; the page reloads and shows the new one.
import type { Services } from '../../actions/define-action.ts'
import type { Orm } from '../../platform/db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { newestVersions, type PackageRow } from './newest-versions.ts'
import { linkFilenames, REVIEW_MESSAGES, type ReviewLinkRow, versionId } from './review-access.ts'

export async function reviewedVersion(
  services: Services,
  tx: Orm,
  link: ReviewLinkRow,
  id: string,
): Promise<PackageRow> {
  const versions = await newestVersions(services.db, tx, linkFilenames(link))
  const pkg = versions.find((v) => versionId(link, v.uuid) === id)
  if (!pkg) throw new AppError('CONFLICT', REVIEW_MESSAGES.notOnLink)
  return pkg
}
