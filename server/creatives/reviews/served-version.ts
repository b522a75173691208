// The version whose files a review link serves: the newest of one of its names, or a version it
// showed earlier of a name still on it (to compare with), while its files are kept. Anything else
// (a version the link never showed, a deleted package's) is refused as not on the link.
import type { Services } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import { newestVersions, type PackageRow } from './newest-versions.ts'
import { linkFilenames, REVIEW_MESSAGES, type ReviewLinkRow, versionId } from './review-access.ts'
import { shownVersions } from './shown-versions.ts'

export async function servedVersion(
  services: Services,
  link: ReviewLinkRow,
  id: string,
): Promise<PackageRow> {
  const { db } = services
  const newest = await newestVersions(db, db.orm, linkFilenames(link))
  const current = newest.find((v) => versionId(link, v.uuid) === id)
  if (current) return current
  const earlier = (await shownVersions(db, db.orm, link)).find(
    (s) => versionId(link, s.pkg.uuid) === id && newest.some((n) => n.filename === s.pkg.filename),
  )
  if (!earlier) throw new AppError('CONFLICT', REVIEW_MESSAGES.notOnLink)
  return earlier.pkg
}
