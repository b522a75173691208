import type { PackageFacts } from './facts.ts'

export type Severity = 'error' | 'warning' | 'info'

export interface InspectionIssue {
  /** Stable id, e.g. `zip.traversal`, `mraid.not-referenced`. */
  rule: string
  severity: Severity
  /** One line that says what is wrong and what to do. */
  message: string
  file?: string
}

export interface InspectionFile {
  path: string
  size: number
  compressedSize: number
}

export interface InspectionReport {
  /** True when no issue has severity 'error'. */
  ok: boolean
  /** Path of the entry HTML inside the zip. */
  entry: string | null
  files: InspectionFile[]
  totals: { files: number; size: number; compressedSize: number }
  adSize?: { width: number; height: number }
  mraid: { referenced: boolean; bundled: boolean }
  issues: InspectionIssue[]
  /** What delivery targets measure (shared/targets); absent in reports stored before it existed. */
  facts?: PackageFacts
}

export interface InspectionLimits {
  maxEntries: number
  /** Sum of the declared uncompressed sizes. */
  maxTotalBytes: number
  /** An entry may unpack to at most maxEntryRatio x its compressed size + entryRatioAllowanceBytes. */
  maxEntryRatio: number
  entryRatioAllowanceBytes: number
  /** The package may unpack to at most maxPackageRatio x its compressed data + packageRatioAllowanceBytes. */
  maxPackageRatio: number
  packageRatioAllowanceBytes: number
  /** Text files (HTML, CSS, JS) larger than this are not read for references. */
  maxTextFileBytes: number
}

export interface InspectOptions {
  requireMraid: boolean
  /** Warning rules that refuse the package here (REFUSE_WARNINGS): ids, or a prefix ending in '.*'. */
  refuseWarnings?: readonly string[]
  limits?: Partial<InspectionLimits>
}
