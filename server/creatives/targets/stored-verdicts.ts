// Each package's verdict per delivery target, kept with it (packages.target_verdicts) so the list
// can filter by target in SQL (list-page.ts) with its own paging, on both databases:
// `<stamp>|iab-html5:pass|applovin:fail|...|`, every known target, written at create and again
// whenever the runtime audit stores figures. The stamp names the rules that judged them: a
// release that changes a profile (or an upgrade from before this column) leaves rows stale, and
// the first filtered list re-judges them from their stored inspection and audit.
import { createHash } from 'node:crypto'
import { and, eq, isNull, like, notLike, or, type SQL } from 'drizzle-orm'
import type { InspectionReport } from '../../../shared/inspector/types.ts'
import { TARGET_PROFILES } from '../../../shared/targets/profiles/index.ts'
import type { AuditRecord } from '../../../shared/targets/types.ts'
import type { Services } from '../../actions/define-action.ts'
import { packageMatrix } from './package-matrix.ts'

/** Raise when shared/targets/evaluate.ts judges differently: the profiles' data is hashed below. */
const JUDGING_VERSION = 2
const STAMP = createHash('sha256')
  .update(`${JUDGING_VERSION}:${JSON.stringify(TARGET_PROFILES)}`)
  .digest('hex')
  .slice(0, 12)
const EVERY_TARGET = { ids: TARGET_PROFILES.map((profile) => profile.id), profiles: [...TARGET_PROFILES] }
/** Rows re-judged per transaction when stale ones are found. */
const REFRESH_BATCH = 200

export function storedVerdicts(
  inspection: InspectionReport | null,
  audit: AuditRecord | null,
  kind: string | null = null,
): string {
  const { matrix } = packageMatrix(inspection, audit, EVERY_TARGET, kind)
  return `${STAMP}|${matrix.targets.map((target) => `${target.target}:${target.verdict}|`).join('')}`
}

type Packages = Services['db']['tables']['packages']

/** Rows whose verdicts are missing or were judged by other rules. */
const staleVerdicts = (packages: Packages) =>
  or(isNull(packages.targetVerdicts), notLike(packages.targetVerdicts, `${STAMP}|%`))

/**
 * `verdict` as the list badge gives it, over `targets` (one, or the deployment's chosen ones):
 * fail when any fails, warn when none fails and any warns, pass otherwise (a target that could
 * not be judged counts as passing, as on the badge). Target ids are profile ids ([a-z0-9-]).
 */
export function verdictFilter(
  packages: Packages,
  verdict: 'pass' | 'warn' | 'fail',
  targets: readonly string[],
): SQL {
  const any = (result: 'fail' | 'warn') =>
    or(...targets.map((target) => like(packages.targetVerdicts, `%|${target}:${result}|%`))) as SQL
  const none = (result: 'fail' | 'warn') =>
    and(...targets.map((target) => notLike(packages.targetVerdicts, `%|${target}:${result}|%`))) as SQL
  if (verdict === 'fail') return any('fail')
  if (verdict === 'warn') return and(none('fail'), any('warn')) as SQL
  return and(none('fail'), none('warn')) as SQL
}

/** Re-judges stale rows (none, after the first time) so a verdict filter sees every package. */
export async function refreshStoredVerdicts(db: Services['db']): Promise<number> {
  const { packages } = db.tables
  let refreshed = 0
  for (;;) {
    const rows = await db.orm
      .select({
        id: packages.id,
        inspection: packages.inspection,
        audit: packages.audit,
        kind: packages.kind,
      })
      .from(packages)
      .where(staleVerdicts(packages))
      .limit(REFRESH_BATCH)
    if (rows.length === 0) return refreshed
    await db.write(async (tx) => {
      for (const row of rows) {
        const verdicts = storedVerdicts(
          row.inspection as InspectionReport | null,
          row.audit as AuditRecord | null,
          row.kind,
        )
        // Only if still stale: an audit that stored newer figures meanwhile wrote its own verdicts.
        await tx
          .update(packages)
          .set({ targetVerdicts: verdicts })
          .where(and(eq(packages.id, row.id), staleVerdicts(packages)))
      }
    })
    refreshed += rows.length
  }
}
