// The runtime audit as a job on the database queue (platform/jobs/job-queue.ts): create enqueues one per
// package in its own commit (key audit:<uuid>, so one run per package however many app
// processes share the database), and whichever process has a browser takes it. Its state and
// figures go to packages.audit as they come: queued at create, running with the interaction
// figures after a few seconds, done with all of them after the window, or failed with why.
// A package deleted or replaced meanwhile matches no row, and what was measured is dropped.
import { eq } from 'drizzle-orm'
import type { InspectionReport } from '../../../shared/inspector/types.ts'
import type { AuditRecord } from '../../../shared/targets/types.ts'
import type { Services } from '../../actions/define-action.ts'
import type { JobSpec } from '../../platform/jobs/job-queue.ts'
import type { JobHandler } from '../../platform/jobs/job-runner.ts'
import { logger } from '../../platform/log/logger.ts'
import type { RendererBrowser } from '../../platform/renderer/browser.ts'
import type { SandboxDeps } from '../../platform/renderer/sandbox.ts'
import { storedVerdicts } from '../targets/stored-verdicts.ts'
import { AUDIT_OVERHEAD_MS, runAudit } from './run-audit.ts'

const KIND = 'audit'

/**
 * The job of one package; its budget is the audit's own deadlines and a margin. `uploader`:
 * whose package it is (their audits take turns with other uploaders').
 */
export function auditJob(uuid: string, windowMs: number, uploader: string): JobSpec {
  return {
    kind: KIND,
    key: `${KIND}:${uuid}`,
    uploader,
    payload: { uuid },
    // The audit records its own failure; another attempt only after a process died mid-run.
    maxAttempts: 2,
    budgetMs: windowMs + AUDIT_OVERHEAD_MS + 30_000,
  }
}

export function queuedAudit(windowMs: number, now: number): AuditRecord {
  return { state: 'queued', windowMs, queuedAt: now }
}

/** Thrown into a running audit when the process shuts down: the job is taken again later. */
class ShuttingDown extends Error {}

/**
 * Renders with the previews this process answers itself (`sandbox.fetchPreview`). `stop()` ends
 * an audit in progress at once (a shutdown need not wait for its window) and leaves it queued.
 */
export function auditHandler(
  services: Services,
  browser: RendererBrowser,
  sandbox: SandboxDeps,
): JobHandler & { stop(): void } {
  const stopping = new AbortController()
  const { db } = services
  const { packages } = db.tables
  // The verdicts the list filters by follow what the audit has measured.
  const record = async (uuid: string, inspection: unknown, audit: AuditRecord): Promise<void> => {
    // The kind a user set meanwhile judges too.
    const [row] = await db.orm.select({ kind: packages.kind }).from(packages).where(eq(packages.uuid, uuid))
    const targetVerdicts = storedVerdicts(inspection as InspectionReport | null, audit, row?.kind ?? null)
    await db.write((tx) => tx.update(packages).set({ audit, targetVerdicts }).where(eq(packages.uuid, uuid)))
  }

  return {
    kind: KIND,
    concurrency: services.config.targets.auditConcurrency,
    stop: () => stopping.abort(new ShuttingDown('the server is shutting down')),
    async run(payload) {
      const { uuid } = payload as { uuid: string }
      const [row] = await db.orm
        .select({
          width: packages.adWidth,
          height: packages.adHeight,
          inspection: packages.inspection,
          audit: packages.audit,
        })
        .from(packages)
        .where(eq(packages.uuid, uuid))
      if (!row) return
      const queued = row.audit as AuditRecord | null
      const windowMs = queued?.windowMs ?? services.config.targets.auditWindowMs
      const base = { windowMs, queuedAt: queued?.queuedAt ?? services.now(), startedAt: services.now() }
      await record(uuid, row.inspection, { ...base, state: 'running' })
      let measured: AuditRecord['figures']
      try {
        const figures = await runAudit(
          () => browser.open(),
          {
            uuid,
            sandbox,
            adSize: row.width && row.height ? { width: row.width, height: row.height } : null,
            windowMs,
            signal: stopping.signal,
          },
          (partial) => {
            measured = partial
            return record(uuid, row.inspection, { ...base, state: 'running', figures: partial })
          },
        )
        await record(uuid, row.inspection, { ...base, state: 'done', figures, finishedAt: services.now() })
      } catch (error) {
        // Chromium may go first: a Ctrl-C or a stop of the service's process group signals it too,
        // and the audit then fails on a closed page rather than on ShuttingDown.
        if (error instanceof ShuttingDown || stopping.signal.aborted) {
          await record(uuid, row.inspection, { windowMs, queuedAt: base.queuedAt, state: 'queued' })
          throw error
        }
        logger.warn({ err: error, uuid }, 'A runtime audit failed')
        const message = `The runtime audit failed: ${(error as Error).message}`.slice(0, 500)
        // The interaction figures stay when only the idle run failed.
        await record(uuid, row.inspection, {
          ...base,
          state: 'failed',
          message,
          finishedAt: services.now(),
          ...(measured ? { figures: measured } : {}),
        })
      } finally {
        browser.closeWhenIdle()
      }
    },
  }
}
