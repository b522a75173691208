// Two versions side by side, as the team's compare page and a review page both show them: the
// same device for both, both running, and a table of what the inspection and the delivery
// targets say of each, rows that differ marked. A viewer sees only the facts it is given (a
// review page: the checks only when the sharer chose to show them), so nothing else leaks.
import type { ReactNode } from 'react'
import type { VerdictBadge } from '../../shared/targets/types.ts'
import { formatCreatedAt, formatFileSize } from '../packages/format.ts'
import { badgeText } from '../targets/verdict-words.ts'
import type { Device } from '../workbench/devices.ts'
import { type FramedAd, ReviewFrame } from './review-frame.tsx'

export interface ComparedVersion {
  key: string
  /** The side's heading (the team's page links it to the workbench; a review page does not). */
  heading: ReactNode
  /** The table's column name for it. */
  label: string
  createdAt: string
  ad: FramedAd
  /** The running ad's accessible name, when the label alone would not tell the sides apart. */
  frameTitle?: string
  adSize: string | null
  /** Absent: not for this viewer. */
  fileSize?: number
  files?: number | null
  /** The checks, when this viewer may see them; `badge` undefined while it loads. */
  checks?: { badge: VerdictBadge | undefined; warnings: string[] }
}

/** A row's value for one side; undefined when the viewer does not see it (the row is left out). */
const ROWS: { label: string; value(v: ComparedVersion): string | undefined }[] = [
  { label: 'File size', value: (v) => (v.fileSize === undefined ? undefined : formatFileSize(v.fileSize)) },
  { label: 'Files', value: (v) => (v.files === undefined ? undefined : String(v.files ?? '–')) },
  { label: 'Ad size', value: (v) => v.adSize ?? '–' },
  { label: 'Delivery targets', value: (v) => v.checks && (v.checks.badge ? badgeText(v.checks.badge) : '…') },
  { label: 'Failing targets', value: (v) => v.checks && (v.checks.badge?.failing.join(', ') || 'none') },
  {
    label: 'Targets with warnings',
    value: (v) => v.checks && (v.checks.badge?.warning.join(', ') || 'none'),
  },
  { label: 'Inspection warnings', value: (v) => v.checks && (v.checks.warnings.join('\n') || 'none') },
]

export function CompareSides({ sides, device }: { sides: ComparedVersion[]; device: Device }) {
  return (
    <div className="compare-sides">
      {sides.map((side) => (
        <div key={side.key} className="compare-side">
          <h2>{side.heading}</h2>
          <p className="muted">{formatCreatedAt(side.createdAt)}</p>
          <ReviewFrame
            item={side.ad}
            device={device}
            {...(side.frameTitle ? { title: side.frameTitle } : {})}
          />
        </div>
      ))}
    </div>
  )
}

export function CompareTable({ sides }: { sides: [ComparedVersion, ComparedVersion] }) {
  return (
    <table className="compare-table">
      <thead>
        <tr>
          <th scope="col">
            <span className="visually-hidden">Measure</span>
          </th>
          {sides.map((side) => (
            <th key={side.key} scope="col">
              {side.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {ROWS.map((row) => {
          const values = sides.map(row.value)
          if (values.every((value) => value === undefined)) return null
          const differs = values[0] !== values[1]
          return (
            <tr key={row.label} className={differs ? 'differs' : undefined} data-differs={differs}>
              <th scope="row">
                {row.label}
                {differs && <span className="visually-hidden"> (differs)</span>}
              </th>
              {values.map((value, i) => (
                <td key={sides[i]?.key}>{value ?? '–'}</td>
              ))}
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
