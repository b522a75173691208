// What refuses a package, and how the refusal is headed. A package is refused only when it cannot
// be previewed safely (not a readable zip, an unsafe archive, no HTML entry) or the deployment
// requires what it lacks (MRAID under REQUIRE_MRAID, a warning named in REFUSE_WARNINGS);
// everything else is a warning, so QA can still open the creative and say what to fix.
import { MESSAGES } from '../constants.ts'
import type { InspectionReport } from './types.ts'

/** Warning rules a deployment may name in REFUSE_WARNINGS ('mraid.deprecated.*' names every deprecated call). */
export const REFUSABLE_WARNINGS = [
  'network.insecure-http',
  'network.external',
  'network.external-copy',
  'reference.missing',
  'reference.outside',
  'mraid.bundled',
  'mraid.before-ready',
  'mraid.deprecated.*',
  'mraid.clickthrough-window-open',
  'structure.fragment',
  'structure.wrapper-folder',
  'structure.unreferenced',
  'structure.file-type',
  'structure.file-name',
  'weight.initial-load',
  'weight.total',
] as const

/** `pattern` is a rule id, or a prefix ending in '.*'. */
export function refusesRule(pattern: string, rule: string): boolean {
  return pattern.endsWith('.*') ? rule.startsWith(pattern.slice(0, -1)) : pattern === rule
}

export function isRefusableWarning(pattern: string): boolean {
  return REFUSABLE_WARNINGS.some((rule) => rule === pattern || refusesRule(pattern, rule))
}

/** Headlines of a refusal, one per cause, the first error's cause heading the answer. */
export const REFUSAL_HEADLINES = {
  notAZip: 'The file is not a readable zip',
  unsafe: 'The package is not safe to unpack',
  noEntry: 'The package has no HTML entry page',
  noMraid: MESSAGES.validationFailed,
  refusedHere: 'The package breaks a rule this deployment refuses',
  /** Past VALIDATION_SECONDS or VALIDATION_HEAP_MB: the inspector gave up on it. */
  tooCostly: 'The package could not be checked within the limits',
} as const

const NOT_READABLE = new Set([
  'zip.not-a-zip',
  'zip.corrupt',
  'zip.multi-disk',
  'zip.encrypted',
  'zip.unsupported-method',
])

export function refusalHeadline(report: InspectionReport): string {
  const first = report.issues.find((issue) => issue.severity === 'error')?.rule ?? ''
  if (NOT_READABLE.has(first)) return REFUSAL_HEADLINES.notAZip
  if (first.startsWith('zip.') || first === 'structure.executable') return REFUSAL_HEADLINES.unsafe
  if (first.startsWith('structure.')) return REFUSAL_HEADLINES.noEntry
  if (first === 'mraid.not-referenced') return REFUSAL_HEADLINES.noMraid
  return REFUSAL_HEADLINES.refusedHere
}
