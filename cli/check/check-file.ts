// One package checked offline: the shared inspector with the spec's validation (requireMraid) and
// the chosen delivery targets' rules, reading the zip through ranged reads, never whole. Runs inside a worker thread (worker.ts).

import { openFileSource } from '../../server/platform/storage/file-source.ts'
import type { InspectionIssue } from '../../shared/inspector/types.ts'
import { inspectTargets } from '../../shared/targets/inspect-targets.ts'
import { targetVerdicts } from './target-verdicts.ts'
import { errorVerdict, type PackageVerdict, statusOf } from './verdict.ts'

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const

export function bySeverity(issues: InspectionIssue[]): InspectionIssue[] {
  return [...issues].sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity])
}

export async function checkFile(path: string, file: string, targetIds: string[]): Promise<PackageVerdict> {
  const started = performance.now()
  let source: Awaited<ReturnType<typeof openFileSource>>
  try {
    source = await openFileSource(path)
  } catch (error) {
    return errorVerdict(file, `cannot read ${file}: ${(error as Error).message}`)
  }
  try {
    const { inspection: report, matrix } = await inspectTargets(source, {
      targets: targetIds,
      requireMraid: true,
    })
    const issues = bySeverity(report.issues)
    const targets = targetVerdicts(matrix)
    return {
      file,
      status: statusOf(issues, targets),
      issues,
      targets,
      entry: report.entry,
      adSize: report.adSize ?? null,
      size: source.size,
      ms: Math.round(performance.now() - started),
    }
  } catch (error) {
    // The inspector turns every malformed zip into issues; what reaches here is a read failure.
    return errorVerdict(file, `cannot read ${file}: ${(error as Error).message}`)
  } finally {
    await source.close()
  }
}
