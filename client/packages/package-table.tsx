import type { Package } from '../../shared/api.ts'
import type { ReviewState } from '../../shared/review.ts'
import type { VerdictBadge } from '../../shared/targets/types.ts'
import { PackageRow, type RowActions } from './package-row.tsx'

/** The product spec's list columns, plus the status badges, the ad size and who uploaded. */
export function PackageTable({
  items,
  justAddedId,
  badges,
  reviews,
  actions,
}: {
  items: readonly Package[]
  justAddedId: number | undefined
  /** The verdict over DEFAULT_TARGETS per package uuid (absent until it is known). */
  badges: Readonly<Record<string, VerdictBadge | undefined>>
  /** The review state per package uuid (absent: never shared). */
  reviews: Readonly<Record<string, ReviewState | undefined>>
  actions: RowActions
}) {
  return (
    <table className="package-table">
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">Thumbnail</span>
          </th>
          <th scope="col">Filename</th>
          <th scope="col">Status</th>
          <th scope="col">Ad size</th>
          <th scope="col">File size</th>
          <th scope="col">Created at</th>
          <th scope="col">Uploaded by</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((pkg) => (
          <PackageRow
            key={pkg.id}
            pkg={pkg}
            justAdded={pkg.id === justAddedId}
            badge={badges[pkg.uuid]}
            review={reviews[pkg.uuid]}
            actions={actions}
          />
        ))}
      </tbody>
    </table>
  )
}
