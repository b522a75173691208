// Delivery targets: what an ad network or guideline asks of a creative, as data. A profile is a
// list of rules; a rule names a measure (measures.ts), a limit, a severity and the published
// source it comes from with the date it was checked. Adding a network is adding a profile.
import type { z } from 'zod/mini'
import type { CreativeKind } from '../inspector/creative-kind.ts'
import type { PackageFacts } from '../inspector/facts.ts'
import type {
  AUDIT_STATES,
  matrixCellSchema,
  targetMatrixSchema,
  targetSourceSchema,
  targetSummarySchema,
  verdictBadgeSchema,
} from './wire.ts'

export type TargetSource = z.infer<typeof targetSourceSchema>

/** How a measured figure is judged. One key per shape, so profiles read as plain data. */
export type RuleCheck =
  | { max: number; exclusive?: boolean }
  /** A byte budget that depends on the declared ad size ("300x250"); other sizes are not covered. */
  | { maxBySize: Record<string, number> }
  | { equals: string | number | boolean }
  | { present: true }
  | { includes: string }
  | { excludes: string }

export type RuleSeverity = 'fail' | 'warn'

export interface TargetRule {
  /** Unique within its profile (stable: tests and links name it). */
  id: string
  /** What the rule asks, in a QA person's words ("Zip at most 1000 KB"). */
  label: string
  measure: MeasureId
  /** A static measure that stands in (marked as an estimate) until the runtime audit has measured. */
  estimate?: MeasureId
  check: RuleCheck
  severity: RuleSeverity
  source: TargetSource
  /** Why, or what to do when it fails; shown beside the cell. */
  advice?: string
  /** Rules that apply only to one packaging (Meta: a single HTML file, or a zip of files). */
  when?: 'single-file' | 'multi-file'
}

export interface TargetProfile {
  id: string
  name: string
  kind: 'display' | 'playable' | 'guideline'
  rules: TargetRule[]
  /** What the sources leave unsaid, or what the product cannot measure: said, never guessed. */
  notCovered: string[]
  /** A network that refuses mraid.js (it serves web pages): it does not judge an MRAID creative. */
  refusesMraid?: boolean
}

/** What the runtime audit measured (server/creatives/runtime-audit); figures the static facts cannot give. */
export interface AuditFigures {
  /** How long the creative was watched without a touch (ms). */
  windowMs: number
  requests: number
  bytes: number
  initialRequests: number
  initialBytes: number
  subloadBytes: number
  plainHttpRequests: number
  /** Requests the renderer refused (anything outside the package's own preview origin), by host. */
  blocked: Array<{ host: string; count: number }>
  cpuMs: number
  longTasks: number
  consoleErrors: number
  exceptions: number
  /** The first few console errors and exceptions, for the cell's detail. */
  errorMessages: string[]
  audioBeforeViewable: boolean
  audioBeforeTouch: boolean
  audioAfterClose: boolean
  /** ms from navigation to mraid 'ready' (null: never). */
  readyMs: number | null
  firstTapOpensStore: boolean
  /** The CTA call made when the ad was tapped at its centre, and its URL (null: none seen). */
  ctaCall: string | null
  ctaUrl: string | null
}

export interface Figures {
  facts: PackageFacts | undefined
  /** What the audit has measured so far: the interaction figures come first, the idle ones later. */
  audit: Partial<AuditFigures> | undefined
  /** The audit has ended: a figure still missing will not come (the cell says so, not "measuring"). */
  auditEnded?: boolean
  /** The kind a user set for the package, over the inferred one. */
  kind?: CreativeKind
}

export type MeasureValue = number | boolean | string | string[] | null

export type MeasureId =
  | 'zip.bytes'
  | 'files.bytes'
  | 'files.count'
  | 'files.html'
  | 'files.rootHtml'
  | 'files.flash'
  | 'files.nestedZips'
  | 'files.unreferenced'
  | 'entry.found'
  | 'entry.name'
  | 'entry.bytes'
  | 'load.initialBytes'
  | 'load.initialRequests'
  | 'load.subloadBytes'
  | 'refs.external'
  | 'refs.plainHttp'
  | 'refs.missing'
  | 'meta.adSize'
  | 'meta.adOrientation'
  | 'meta.orientation'
  | 'config.playableOrientation'
  | 'mraid.referenced'
  | 'mraid.beforeReady'
  | 'code.calls'
  | 'clickTag.declared'
  | 'clickTag.outsideEntry'
  | 'clickTag.hardCodedClicks'
  | 'run.requests'
  | 'run.bytes'
  | 'run.initialRequests'
  | 'run.initialBytes'
  | 'run.subloadBytes'
  | 'run.plainHttp'
  | 'run.blocked'
  | 'run.cpuMs'
  | 'run.cpuPercent'
  | 'run.longTasks'
  | 'run.consoleErrors'
  | 'run.exceptions'
  | 'run.audioBeforeViewable'
  | 'run.audioBeforeTouch'
  | 'run.audioAfterClose'
  | 'run.readyMs'
  | 'run.firstTapStore'
  | 'run.ctaCall'

export type CellStatus = MatrixCell['status']
export type MatrixCell = z.infer<typeof matrixCellSchema>
/** `unknown`: nothing could be judged yet (no declared size, audit still to run). */
export type TargetVerdict = TargetSummary['verdict']
export type TargetSummary = z.infer<typeof targetSummarySchema>
export type AuditState = (typeof AUDIT_STATES)[number]
export type TargetMatrix = z.infer<typeof targetMatrixSchema>
/** The list badge: the verdict over the deployment's chosen targets. */
export type VerdictBadge = z.infer<typeof verdictBadgeSchema>

/** A package's runtime audit as stored with it (packages.audit): what the matrix's figures come from. */
export interface AuditRecord {
  state: Exclude<AuditState, 'none'>
  /** What it has measured so far (the interaction figures come before the idle ones). */
  figures?: Partial<AuditFigures>
  message?: string
  windowMs: number
  /** Milliseconds since the epoch. */
  queuedAt: number
  startedAt?: number
  finishedAt?: number
}
