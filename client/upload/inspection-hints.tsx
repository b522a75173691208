import { formatFileSize } from '../packages/format.ts'
import { TargetVerdicts } from '../targets/target-verdicts.tsx'
import { IssueList } from './issue-list.tsx'
import type { ListedIssue } from './merge-issues.ts'
import type { InspectionResult } from './use-inspection.ts'

/** The browser's inspection of the chosen file: its facts, and the issues the banner does not list. */
export function InspectionHints({
  result,
  filename,
  issues,
}: {
  result: InspectionResult | null
  filename: string
  issues: readonly ListedIssue[]
}) {
  if (!result) return null
  if (result.state === 'running')
    return (
      <p className="hints muted" role="status">
        Inspecting {filename}…
      </p>
    )
  if (result.state === 'failed') return <p className="hints muted">{result.message}</p>
  const { report } = result
  return (
    <section className="hints" aria-labelledby="hints-title">
      <h2 id="hints-title" className="hints-title">
        Inspection of <span className="subject">{filename}</span>
      </h2>
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
      {issues.length > 0 && <IssueList issues={issues} />}
      {/* A file that is not a readable, safe zip has nothing the targets could judge. */}
      {result.matrix.targets.length > 0 && (
        <>
          <h3 className="hints-title targets-title">Delivery targets</h3>
          <TargetVerdicts
            matrix={result.matrix}
            note="Runtime checks (requests, CPU, audio, the first tap) run on the server after the upload."
          />
        </>
      )}
    </section>
  )
}
