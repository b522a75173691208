import type { ReactNode } from 'react'

/**
 * The inspection once its package is created: folded to one line, so the list it was first put in
 * stays in view (its warnings show there and in the workbench); a click opens it again.
 */
export function InspectionFold({
  filename,
  issueCount,
  open,
  onToggle,
  children,
}: {
  filename: string
  /** The card's issues, once the inspection is done. */
  issueCount: number | undefined
  open: boolean
  onToggle: (open: boolean) => void
  children: ReactNode
}) {
  return (
    <details className="inspection-fold" open={open} onToggle={(event) => onToggle(event.currentTarget.open)}>
      <summary>
        <h2 className="hints-title">
          Inspection of <span className="subject">{filename}</span>
        </h2>
        {issueCount !== undefined && (
          <span className="muted">
            {issueCount === 0 ? 'no issues' : `${issueCount} ${issueCount === 1 ? 'issue' : 'issues'}`}
          </span>
        )}
        <span className="fold-action">{open ? 'Hide' : 'Show'}</span>
      </summary>
      {children}
    </details>
  )
}
