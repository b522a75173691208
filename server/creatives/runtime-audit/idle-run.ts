// The second run: the ad shown, viewable, and never touched for the audit window (30 s by
// default, Chrome's heavy-ad window): requests and bytes (initial load and subload), main-thread
// time, long tasks, errors, and any sound at all (nobody touched it, so none may play).
import type { AuditFigures } from '../../../shared/targets/types.ts'
import type { AuditPage } from './audit-page.ts'
import { sampleCpu } from './cpu-sampler.ts'
import { UNRESPONSIVE } from './interaction-run.ts'
import { domContentLoadedEnd, pause, readNotes, within } from './page-reads.ts'
import { logRequests } from './page-requests.ts'

/** Figures the page's own notes give are left out when it stopped answering. */
export type IdleFigures = Omit<
  AuditFigures,
  | 'audioBeforeTouch'
  | 'readyMs'
  | 'audioBeforeViewable'
  | 'audioAfterClose'
  | 'firstTapOpensStore'
  | 'ctaCall'
  | 'ctaUrl'
  | 'blocked'
  | 'errorMessages'
  | 'consoleErrors'
  | 'exceptions'
> & { audioBeforeTouch?: boolean; errors: string[]; consoleErrors: string[] }

export async function runIdle(
  { page, cdp, allowedPrefix }: AuditPage,
  url: string,
  windowMs: number,
): Promise<IdleFigures> {
  const requests = logRequests(page, allowedPrefix)
  const cpu = sampleCpu(cdp)
  const started = Date.now()
  await within(page.goto(url, { waitUntil: 'domcontentloaded' }), Math.min(windowMs, 10_000))
  await pause(Math.max(0, windowMs - (Date.now() - started)))
  // A renderer that stopped answering would let each read run to its deadline: skip them.
  const answering = cpu.answering
  const dclEnd = answering ? await domContentLoadedEnd(page) : undefined
  const notes = answering ? await readNotes(page) : undefined
  const cpuMs = await cpu.stop()
  const measured = { windowMs, ...(await requests.summary(dclEnd ?? null)), cpuMs: Math.min(cpuMs, windowMs) }
  // A page that never answered was one long task from its last answer on.
  if (!notes) return { ...measured, longTasks: 1, errors: [UNRESPONSIVE], consoleErrors: [] }
  return {
    ...measured,
    longTasks: notes.longTasks,
    audioBeforeTouch: notes.audio.length > 0,
    errors: notes.errors,
    consoleErrors: notes.consoleErrors,
  }
}
