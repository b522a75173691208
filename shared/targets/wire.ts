// Wire shapes of the targets' answers (the matrix, the badge, the inspect-only call): the API
// validates nothing with them but documents them (OpenAPI), and types.ts takes its types from
// them, so the document cannot drift from what the rules engine answers.
import { z } from 'zod/mini'
import { CREATIVE_KINDS } from '../inspector/creative-kind.ts'

export const AUDIT_STATES = ['none', 'queued', 'running', 'done', 'failed'] as const
export const CELL_STATUSES = ['pass', 'fail', 'warn', 'pending', 'unknown'] as const
/** `not-for-kind`: the target does not serve this kind of creative, so it does not judge it (not a failure). */
export const TARGET_VERDICTS = ['pass', 'warn', 'fail', 'unknown', 'not-for-kind'] as const

export const targetSourceSchema = z.object({
  title: z.string(),
  /** Where to read it; absent when only the title is known. */
  url: z.optional(z.string()),
  /** YYYY-MM-DD: when the rule was last checked against this source. */
  checked: z.string(),
  /** True when a third party restates the network's rule (the network publishes none we could read). */
  secondary: z.optional(z.boolean()),
})

export const matrixCellSchema = z.object({
  target: z.string(),
  rule: z.string(),
  label: z.string(),
  status: z.enum(CELL_STATUSES),
  severity: z.enum(['fail', 'warn']),
  /** The measured figure as shown ("1.2 MB", "3 requests", "none"); "" while not measured. */
  figure: z.string(),
  /** The limit as shown ("at most 1000 KB"). */
  limit: z.string(),
  /** Judged on a static estimate until the audit measures it. */
  estimate: z.boolean(),
  phase: z.enum(['static', 'runtime']),
  source: targetSourceSchema,
  advice: z.optional(z.string()),
  /** Why a cell is `unknown` (no declared size, nothing tapped...). */
  reason: z.optional(z.string()),
})

export const targetSummarySchema = z.object({
  target: z.string(),
  name: z.string(),
  verdict: z.enum(TARGET_VERDICTS),
  fails: z.number(),
  warnings: z.number(),
  /** Cells still waiting for the runtime audit. */
  pending: z.number(),
  notCovered: z.array(z.string()),
  /** Why the target does not judge this creative (`not-for-kind`). */
  reason: z.optional(z.string()),
})

/** The creative's kind the targets judged: inferred, or as a user corrected it, with the evidence. */
export const creativeKindSchema = z.object({
  kind: z.enum(CREATIVE_KINDS),
  /** What the inspector inferred (equal to kind unless a user corrected it). */
  inferred: z.enum(CREATIVE_KINDS),
  evidence: z.array(z.string()),
})

export const auditStatusSchema = z.object({
  state: z.enum(AUDIT_STATES),
  /** Why the audit failed, or why there is none. */
  message: z.optional(z.string()),
  /** How long the creative was watched untouched (ms). */
  windowMs: z.optional(z.number()),
})

export const targetMatrixSchema = z.object({
  targets: z.array(targetSummarySchema),
  /** Fails first, then warnings, then the rest, each group in profile order. */
  cells: z.array(matrixCellSchema),
  audit: auditStatusSchema,
  /** Absent when nothing could be measured (not a readable zip). */
  creative: z.optional(creativeKindSchema),
})

/** The list badge: the verdict over the chosen targets. */
export const verdictBadgeSchema = z.object({
  verdict: z.enum(['pass', 'warn', 'fail']),
  /** Names of the failing and warning targets. */
  failing: z.array(z.string()),
  warning: z.array(z.string()),
  targets: z.number(),
  audit: z.enum(AUDIT_STATES),
})

/** `?targets=a,b`: target ids, comma-separated; absent: the deployment's DEFAULT_TARGETS. */
export const targetsQuerySchema = z.object({
  targets: z.optional(z.string().check(z.maxLength(2000))),
})

export const packageTargetsAnswerSchema = z.object({ matrix: targetMatrixSchema, badge: verdictBadgeSchema })

export const inspectTargetsAnswerSchema = z.object({
  /** The shared inspector's verdict on the zip (the same as validate would give). */
  inspection: z.object({
    ok: z.boolean(),
    entry: z.nullable(z.string()),
    adSize: z.optional(z.object({ width: z.number(), height: z.number() })),
    issues: z.array(
      z.object({
        rule: z.string(),
        severity: z.enum(['error', 'warning', 'info']),
        message: z.string(),
        file: z.optional(z.string()),
      }),
    ),
  }),
  matrix: targetMatrixSchema,
  badge: verdictBadgeSchema,
})
