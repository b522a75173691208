// Two versions of a package side by side: the same device, both running, and what the
// inspection and the delivery targets say of each, rows that differ marked. `?a=` is one
// version; `?b=` the other, else the newest other version of the same file name.
import { useQuery } from '@tanstack/react-query'
import { useId, useState } from 'react'
import { Link, useSearchParams } from 'wouter'
import type { Package } from '../../shared/api.ts'
import type { InspectionReport } from '../../shared/inspector/types.ts'
import { workbenchRoute } from '../../shared/paths.ts'
import type { VerdictBadge } from '../../shared/targets/types.ts'
import { toApiError } from '../api/api-error.ts'
import { useTRPC } from '../api/trpc.ts'
import { packageLabel } from '../packages/package-label.ts'
import { DEVICES } from '../workbench/devices.ts'
import { type ComparedVersion, CompareSides, CompareTable } from './compare-view.tsx'
import './reviews.css'

interface Side {
  pkg: Package
  inspection: InspectionReport | null
  badge: VerdictBadge | undefined
}

function useSide(uuid: string | undefined): { side?: Side; error?: unknown } {
  const trpc = useTRPC()
  const got = useQuery({ ...trpc.packages.get.queryOptions({ uuid: uuid ?? '' }), enabled: !!uuid })
  const targets = useQuery({ ...trpc.targets.matrix.queryOptions({ uuid: uuid ?? '' }), enabled: !!uuid })
  if (got.error) return { error: got.error }
  if (!got.data) return {}
  return { side: { pkg: got.data.package, inspection: got.data.inspection, badge: targets.data?.badge } }
}

/** The newest other version of `pkg`'s file name, when `b` is not given. */
function useOtherVersion(pkg: Package | undefined, b: string | null): string | undefined {
  const trpc = useTRPC()
  const found = useQuery({
    ...trpc.packages.list.queryOptions({ search: pkg?.filename ?? '', limit: 50 }),
    enabled: !!pkg && !b,
  })
  if (b) return b
  return found.data?.packages.find((p) => p.filename === pkg?.filename && p.uuid !== pkg?.uuid)?.uuid
}

const warnings = (report: InspectionReport | null) =>
  (report?.issues ?? []).filter((issue) => issue.severity === 'warning').map((issue) => issue.message)

/** A version as the team sees it: every fact, its heading a way to its workbench. */
const compared = ({ pkg, inspection, badge }: Side): ComparedVersion => ({
  key: pkg.uuid,
  heading: <Link href={workbenchRoute(pkg.uuid)}>{packageLabel(pkg)}</Link>,
  label: packageLabel(pkg),
  createdAt: pkg.created_at,
  ad: {
    previewUrl: pkg.index_url,
    filename: pkg.filename,
    version: pkg.filename_version,
    adSize: pkg.ad_size,
    comments: [],
  },
  adSize: pkg.ad_size,
  fileSize: pkg.file_size,
  files: inspection?.totals.files ?? null,
  checks: { badge, warnings: warnings(inspection) },
})

export function ComparePage() {
  const id = useId()
  const [params] = useSearchParams()
  const a = useSide(params.get('a') ?? undefined)
  const b = useSide(useOtherVersion(a.side?.pkg, params.get('b')))
  const [deviceId, setDeviceId] = useState(DEVICES[0]?.id)
  const device = DEVICES.find((d) => d.id === deviceId) ?? DEVICES[0]
  const problem = a.error ?? b.error
  if (problem) return <p className="banner error">{toApiError(problem).message}</p>
  if (!a.side)
    return (
      <p className="loading" role="status">
        Loading
      </p>
    )
  const sides = [a.side, b.side].filter((s): s is Side => !!s).map(compared)
  const [first, second] = sides
  return (
    <section className="compare-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>Compare versions</h1>
      <label className="field" htmlFor={`${id}-device`}>
        Device
        <select id={`${id}-device`} value={device?.id} onChange={(event) => setDeviceId(event.target.value)}>
          {DEVICES.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </select>
      </label>
      {!second && (
        <p className="muted">There is no other version of {a.side.pkg.filename} to compare with.</p>
      )}
      {device && <CompareSides sides={sides} device={device} />}
      {first && second && <CompareTable sides={[first, second]} />}
    </section>
  )
}
