// The review page's view of a link: each package's newest version with its ad under the link's
// own path, what reviewers said of that version, whether it is new to them (an earlier version
// was commented on or decided on through this link), and the version the link showed before it,
// to compare with. Nothing else of the product.
import { eq } from 'drizzle-orm'
import { inspectionWarnings } from '../../../shared/inspector/inspect.ts'
import type { InspectionReport } from '../../../shared/inspector/types.ts'
import { API } from '../../../shared/paths.ts'
import type { ReviewView } from '../../../shared/review.ts'
import type { AuditRecord } from '../../../shared/targets/types.ts'
import type { Services } from '../../actions/define-action.ts'
import { chooseTargets } from '../targets/chosen-targets.ts'
import { packageMatrix } from '../targets/package-matrix.ts'
import { newestVersions, type PackageRow } from './newest-versions.ts'
import { linkFilenames, type ReviewLinkRow, reviewKey, versionId } from './review-access.ts'
import { previousOf, recordShownVersions, shownVersions } from './shown-versions.ts'

const iso = (ms: number) => new Date(ms).toISOString()

export async function openReview(
  services: Services,
  link: ReviewLinkRow,
  secret: string,
): Promise<ReviewView> {
  const { db } = services
  const { reviewComments, reviewDecisions } = db.tables
  const [versions, comments, decisions] = await Promise.all([
    newestVersions(db, db.orm, linkFilenames(link)),
    db.orm.select().from(reviewComments).where(eq(reviewComments.linkId, link.id)).orderBy(reviewComments.at),
    db.orm
      .select()
      .from(reviewDecisions)
      .where(eq(reviewDecisions.linkId, link.id))
      .orderBy(reviewDecisions.at),
  ])
  await recordShownVersions(db, link, versions, services.now())
  const shown = await shownVersions(db, db.orm, link)
  const key = reviewKey(link)
  const checks = link.showChecks === 1
  const chosen = chooseTargets(services.config, undefined)
  const versionOf = (pkg: PackageRow) => {
    const id = versionId(link, pkg.uuid)
    return {
      versionId: id,
      version: pkg.filenameVersion,
      createdAt: iso(pkg.createdAt),
      adSize: pkg.adWidth && pkg.adHeight ? `${pkg.adWidth}x${pkg.adHeight}` : null,
      previewUrl: services.config.publicUrl + API.reviewFiles(secret, key, id, ''),
      warnings: checks && pkg.inspection ? inspectionWarnings(pkg.inspection as InspectionReport) : null,
      targets: checks
        ? packageMatrix(pkg.inspection as InspectionReport | null, pkg.audit as AuditRecord | null, chosen)
            .badge
        : null,
    }
  }
  return {
    sharedBy: link.createdBy,
    devices: link.devices as string[],
    sizes: link.sizes as string[],
    expiresAt: iso(link.expiresAt),
    items: versions.map((pkg) => {
      const saidOfName = [...comments, ...decisions].filter((s) => s.filename === pkg.filename)
      const saidOfThis = saidOfName.filter((s) => s.packageUuid === pkg.uuid)
      const previous = previousOf(shown, pkg)
      return {
        ...versionOf(pkg),
        filename: pkg.filename,
        previous: previous ? versionOf(previous) : null,
        isNew: saidOfName.length > 0 && saidOfThis.length === 0,
        comments: comments
          .filter((c) => c.packageUuid === pkg.uuid)
          .map((c) => ({
            id: c.id,
            name: c.name,
            text: c.text,
            at: iso(c.at),
            pin: (c.pin as { x: number; y: number } | null) ?? null,
          })),
        decisions: decisions
          .filter((d) => d.packageUuid === pkg.uuid)
          .map((d) => ({ decision: d.decision, name: d.name, at: iso(d.at) })),
      }
    }),
  }
}
