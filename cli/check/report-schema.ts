// What `ads-preview check` says, as schemas: a package's verdict (offline or from a server) and
// the whole `--format json` report, which the tests hold every JSON report to. The checking
// processes import only the types, so they never load zod.
import { z } from 'zod'
import { REVIEW_STATES } from '../../shared/review.ts'

const issueSchema = z.object({
  rule: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  message: z.string(),
  file: z.string().optional(),
})

/** pass: valid and every chosen target passes; fail: it does not; error: it could not be read. */
export const checkStatusSchema = z.enum(['pass', 'fail', 'error'])
export type CheckStatus = z.infer<typeof checkStatusSchema>

export const targetVerdictSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** False when a rule of the target fails; a target that does not serve the creative's kind is ok. */
  ok: z.boolean(),
  verdict: z.enum(['pass', 'warn', 'fail', 'unknown', 'not-for-kind']),
  /** Rules only the runtime audit measures (a server's), not judged offline. */
  pending: z.number().int().nonnegative(),
  issues: z.array(issueSchema),
})
export type TargetVerdict = z.infer<typeof targetVerdictSchema>

export const packageVerdictSchema = z.object({
  /** The path as the user named it (relative to the working folder when inside it). */
  file: z.string(),
  status: checkStatusSchema,
  /** The spec's validation (requireMraid): the inspector's issues, errors first. */
  issues: z.array(issueSchema),
  targets: z.array(targetVerdictSchema),
  entry: z.string().nullable(),
  adSize: z.object({ width: z.number(), height: z.number() }).nullable(),
  size: z.number().int().nonnegative(),
  /** Why the package could not be checked (status 'error'). */
  error: z.string().optional(),
  /** On a server: the package's uuid and preview link, and its review state once it was shared. */
  remote: z
    .object({ uuid: z.string(), indexUrl: z.string(), review: z.enum(REVIEW_STATES).optional() })
    .optional(),
  ms: z.number().nonnegative(),
})
export type PackageVerdict = z.infer<typeof packageVerdictSchema>

export const checkReportSchema = z.object({
  tool: z.literal('ads-preview check'),
  version: z.string(),
  targets: z.array(z.string()),
  summary: z.object({
    packages: z.number().int(),
    passed: z.number().int(),
    failed: z.number().int(),
    errors: z.number().int(),
  }),
  seconds: z.number(),
  packages: z.array(packageVerdictSchema),
})
