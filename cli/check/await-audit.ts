// `check --server` waits for the server's runtime audit of a created package (its idle window
// and taps: AUDIT_SECONDS + a few seconds, after the audits queued before it), polling the
// package's targets matrix, so the runtime rules offline check leaves pending are judged too.
import type { TargetMatrix } from '../../shared/targets/types.ts'
import type { ServerClient } from './server-client.ts'
import { targetVerdicts } from './target-verdicts.ts'
import type { PackageVerdict } from './verdict.ts'

type Issue = PackageVerdict['issues'][number]

export interface AuditWait {
  /** How long to wait for one package's audit; 0: take the matrix as it is at create. */
  waitMs: number
  pollMs?: number
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const unfinished = (matrix: TargetMatrix) =>
  matrix.audit.state === 'queued' || matrix.audit.state === 'running'

export async function awaitAudit(
  client: ServerClient,
  uuid: string,
  targets: string[],
  wait: AuditWait,
): Promise<{ targets: PackageVerdict['targets']; issues: Issue[] }> {
  const deadline = performance.now() + wait.waitMs
  let matrix = await client.targets(uuid, targets)
  while (unfinished(matrix) && performance.now() < deadline) {
    await sleep(Math.min(wait.pollMs ?? 2_000, Math.max(0, deadline - performance.now())))
    matrix = await client.targets(uuid, targets)
  }
  const issues: Issue[] = []
  if (unfinished(matrix) && wait.waitMs > 0)
    issues.push({
      rule: 'server.audit-pending',
      severity: 'warning',
      message: `the server's runtime audit was still ${matrix.audit.state} after ${Math.round(wait.waitMs / 1000)} s (--audit-wait): its rules are not judged`,
    })
  if (matrix.audit.state === 'failed')
    issues.push({
      rule: 'server.audit-failed',
      severity: 'warning',
      message: `the server's runtime audit failed${matrix.audit.message ? `: ${matrix.audit.message}` : ''}`,
    })
  return { targets: targetVerdicts(matrix), issues }
}
