// The package inspector's report (shared/inspector), as the upload showed it.
import type { WorkbenchPanelProps } from './panel.ts'

export function InspectionPanel({ inspection }: WorkbenchPanelProps) {
  if (!inspection) return <p className="muted">No inspection report.</p>
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard
    <ul className="report" aria-label="Inspection report" tabIndex={0}>
      {inspection.issues.length === 0 && <li>No issues.</li>}
      {inspection.issues.map((issue) => (
        <li key={`${issue.rule}-${issue.file ?? ''}-${issue.message}`} className={issue.severity}>
          <span className="kind">{issue.severity}</span> {issue.message}
        </li>
      ))}
    </ul>
  )
}
