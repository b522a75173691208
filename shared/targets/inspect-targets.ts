// One call from zip bytes to the targets' answer: the inspector's report, the matrix for the
// chosen profiles and the badge. The inspect-only API, `ads-preview check` and the browser's
// worker all start here; audit figures join later through evaluateTargets.
import { inspectPackage } from '../inspector/inspect.ts'
import type { InspectionLimits, InspectionReport, InspectOptions } from '../inspector/types.ts'
import type { ByteSource } from '../zip/byte-source.ts'
import { evaluateTargets, verdictBadge } from './evaluate.ts'
import { DEFAULT_TARGET_IDS, findProfiles } from './profiles/index.ts'
import type { TargetMatrix, VerdictBadge } from './types.ts'

export interface TargetCheck {
  inspection: InspectionReport
  matrix: TargetMatrix
  badge: VerdictBadge
}

export class UnknownTargetError extends Error {
  // A plain field, not a parameter property: `ads-preview check` runs these sources under Node's type stripping.
  readonly unknown: string[]
  constructor(unknown: string[]) {
    super(`Unknown target: ${unknown.join(', ')}`)
    this.name = 'UnknownTargetError'
    this.unknown = unknown
  }
}

/** Matrix rows for `targets` (default: DEFAULT_TARGET_IDS); throws UnknownTargetError for an id it does not know. */
export async function inspectTargets(
  source: ByteSource,
  options: {
    targets?: readonly string[]
    requireMraid?: boolean
    refuseWarnings?: readonly string[]
    limits?: Partial<InspectionLimits>
    /** The inspector to run (the server's may be bounded); default the shared one. */
    inspect?: (source: ByteSource, options: InspectOptions) => Promise<InspectionReport>
  } = {},
): Promise<TargetCheck> {
  const targets = options.targets ?? DEFAULT_TARGET_IDS
  const { profiles, unknown } = findProfiles(targets)
  if (unknown.length > 0) throw new UnknownTargetError(unknown)
  const inspect = options.inspect ?? inspectPackage
  const inspection = await inspect(source, {
    requireMraid: options.requireMraid ?? true,
    ...(options.refuseWarnings ? { refuseWarnings: options.refuseWarnings } : {}),
    ...(options.limits ? { limits: options.limits } : {}),
  })
  // A file that is not a readable, safe zip has nothing to measure: no target judges it.
  const matrix = inspection.facts
    ? evaluateTargets({ facts: inspection.facts, audit: undefined }, profiles)
    : { targets: [], cells: [], audit: { state: 'none' as const } }
  return { inspection, matrix, badge: verdictBadge(matrix, targets) }
}
