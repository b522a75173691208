import { formatFileSize } from '../packages/format.ts'
import type { InspectionResult } from './use-inspection.ts'

export function InspectionHints({ result, filename }: { result: InspectionResult | null; filename: string }) {
  if (!result) return null
  if (result.state === 'running')
    return (
      <p className="hints muted" role="status">
        Inspecting {filename}…
      </p>
    )
  if (result.state === 'failed') return <p className="hints muted">{result.message}</p>
  const { report } = result
  const problems = report.issues.filter((issue) => issue.severity !== 'info')
  return (
    <section className="hints" aria-label={`Inspection of ${filename}`}>
      <dl className="facts">
        <div>
          <dt>Entry</dt>
          <dd>{report.entry ?? 'none'}</dd>
        </div>
        <div>
          <dt>mraid.js</dt>
          <dd>{report.mraid.referenced ? 'referenced' : 'not referenced'}</dd>
        </div>
        <div>
          <dt>Files</dt>
          <dd>{report.totals.files}</dd>
        </div>
        <div>
          <dt>Unpacked</dt>
          <dd>{formatFileSize(report.totals.size)}</dd>
        </div>
        {report.adSize && (
          <div>
            <dt>Ad size</dt>
            <dd>
              {report.adSize.width}×{report.adSize.height}
            </dd>
          </div>
        )}
      </dl>
      {problems.length > 0 && (
        <ul className="issues">
          {problems.map((issue) => (
            <li key={`${issue.rule}-${issue.file ?? ''}-${issue.message}`} className={issue.severity}>
              {issue.message}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
