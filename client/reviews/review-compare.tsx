// A review page's compare: the version the link showed before and this one, side by side on the
// reviewer's device, both running, with the team's diff table over what the link lets the
// reviewer see (the checks only when the sharer chose to show them). Both ads come from the
// link's own path, like every ad on the page; no uuid, no other call.
import type { ReviewItem, ReviewVersion } from '../../shared/review.ts'
import type { Device } from '../workbench/devices.ts'
import { type ComparedVersion, CompareSides, CompareTable } from './compare-view.tsx'

function compared(item: ReviewItem, version: ReviewVersion, label: string): ComparedVersion {
  const checksShown = version.targets !== null || version.warnings !== null
  return {
    key: version.versionId,
    heading: `${label} · version ${version.version}`,
    label,
    createdAt: version.createdAt,
    ad: { ...version, filename: item.filename, comments: [] },
    frameTitle: `${label} of ${item.filename}`,
    adSize: version.adSize,
    ...(checksShown
      ? { checks: { badge: version.targets ?? undefined, warnings: version.warnings ?? [] } }
      : {}),
  }
}

export function ReviewCompare({
  item,
  previous,
  device,
}: {
  item: ReviewItem
  previous: ReviewVersion
  device: Device
}) {
  const sides: [ComparedVersion, ComparedVersion] = [
    compared(item, previous, 'Previous version'),
    compared(item, item, 'This version'),
  ]
  return (
    <div className="review-compare">
      <CompareSides sides={sides} device={device} />
      <CompareTable sides={sides} />
    </div>
  )
}
