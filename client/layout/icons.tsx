// The few icons the screens use, inline (no icon font to load). Each is decorative: the
// control or the text beside it carries the meaning.
import type { Severity } from '../../shared/inspector/types.ts'
import type { CellStatus } from '../../shared/targets/types.ts'

function Icon({ path, size = 18 }: { path: string; size?: number }) {
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  )
}

export const TrashIcon = () => (
  <Icon path="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 002 2h6a2 2 0 002-2l1-12M9 7V4h6v3" />
)

export const UploadIcon = () => (
  <Icon size={36} path="M12 16V4m0 0l-4 4m4-4l4 4M4 16v3a1 1 0 001 1h14a1 1 0 001-1v-3" />
)

const SEVERITY_PATHS: Record<Severity, string> = {
  error: 'M12 3a9 9 0 110 18 9 9 0 010-18zM9 9l6 6M15 9l-6 6',
  warning: 'M12 3l10 18H2L12 3zM12 10v4M12 17.5v.5',
  info: 'M12 3a9 9 0 110 18 9 9 0 010-18zM12 11v6M12 7.5v.5',
}

export const SEVERITY_LABELS: Record<Severity, string> = { error: 'Error', warning: 'Warning', info: 'Note' }

export const SeverityIcon = ({ severity }: { severity: Severity }) => (
  <Icon size={16} path={SEVERITY_PATHS[severity]} />
)

/** A delivery-target verdict or matrix cell (client/targets): fail and warn as the severities. */
const VERDICT_PATHS: Record<CellStatus, string> = {
  fail: SEVERITY_PATHS.error,
  warn: SEVERITY_PATHS.warning,
  pass: 'M12 3a9 9 0 110 18 9 9 0 010-18zM8 12.5l2.5 2.5L16 9.5',
  unknown: 'M12 3a9 9 0 110 18 9 9 0 010-18zM8 12h8',
  pending: 'M12 3a9 9 0 110 18 9 9 0 010-18zM12 7v5l3 2',
}

export const VerdictIcon = ({ status, size = 16 }: { status: CellStatus; size?: number }) => (
  <Icon size={size} path={VERDICT_PATHS[status]} />
)
