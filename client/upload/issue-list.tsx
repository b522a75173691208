// One list of what is wrong with a package: the server's detail lines (the spec's warning banner)
// and the browser's own inspection, each issue once, each with its severity as icon and text.
import { SEVERITY_LABELS, SeverityIcon } from '../layout/icons.tsx'
import type { ListedIssue } from './merge-issues.ts'

export function IssueList({ issues }: { issues: readonly ListedIssue[] }) {
  return (
    <ul className="issue-list">
      {issues.map((issue) => (
        <li key={`${issue.severity}-${issue.message}`} className={`issue ${issue.severity}`}>
          <span className="severity">
            <SeverityIcon severity={issue.severity} />
            {SEVERITY_LABELS[issue.severity]}
          </span>{' '}
          <span className="message">{issue.message}</span>
        </li>
      ))}
    </ul>
  )
}
