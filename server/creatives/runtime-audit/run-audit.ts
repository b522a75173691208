// The runtime audit of one creative: the interaction run (a few seconds), reported at once so
// the badge can update, then the idle run over the audit window. Each run is a render in the
// renderer's sandbox with its own time budget, past which its browser context is closed,
// whatever the creative does; the figures feed the same profiles the static rules use
// (shared/targets).
import type { Browser } from 'playwright-core'
import { HOST_PARAMS } from '../../../shared/mraid/host-protocol.ts'
import type { AuditFigures } from '../../../shared/targets/types.ts'
import type { SandboxDeps } from '../../platform/renderer/sandbox.ts'
import { type AuditPage, openAuditPage } from './audit-page.ts'
import { type IdleFigures, runIdle } from './idle-run.ts'
import { INTERACTION_STEPS_MS, type InteractionFigures, runInteraction } from './interaction-run.ts'

/** Full-screen playables declare no size: they run on a phone's screen. */
const PHONE_SCREEN = { width: 320, height: 480 }
/**
 * Opening a run's page (its context, routes, probe and CDP session) counts against its budget:
 * on a loaded CI machine a fixed 15 s for the whole interaction run was passed by creatives that
 * did nothing wrong, and their audits failed. The steps themselves are bounded one by one.
 */
const OPENING_MS = 7_500
const INTERACTION_BUDGET_MS = INTERACTION_STEPS_MS + OPENING_MS
const IDLE_OVERHEAD_MS = 15_000
const SHOWN_ERRORS = 5
/** How long an audit may take beyond its window: both runs' deadlines. */
export const AUDIT_OVERHEAD_MS = INTERACTION_BUDGET_MS + IDLE_OVERHEAD_MS

export interface AuditTarget {
  uuid: string
  /** Where the renderer gets the package's files (the app itself, in-process). */
  sandbox: SandboxDeps
  adSize: { width: number; height: number } | null
  windowMs: number
  /** Stops the audit at once (the process is shutting down): it rejects with the signal's reason. */
  signal?: AbortSignal
}

/** The browser, asked for before each run (the shared one closes after a minute without a page). */
export type OpenBrowser = () => Promise<Browser>

async function withPage<T>(
  browser: OpenBrowser,
  target: AuditTarget,
  budgetMs: number,
  run: (page: AuditPage, url: string) => Promise<T>,
  hostQuery: Record<string, string> = {},
): Promise<{ result: T; blocked: Map<string, number> }> {
  target.signal?.throwIfAborted()
  const viewport = target.adSize ?? PHONE_SCREEN
  const size = `${viewport.width}x${viewport.height}`
  const page = await openAuditPage(await browser(), target.sandbox, {
    uuid: target.uuid,
    viewport,
    query: {
      [HOST_PARAMS.placement]: target.adSize ? 'inline' : 'interstitial',
      [HOST_PARAMS.screen]: size,
      [HOST_PARAMS.max]: size,
      ...hostQuery,
    },
    budgetMs,
  })
  let stop = () => {}
  try {
    // The render's budget (the sandbox closes its context) or a shutdown, whichever comes first.
    const stopped = new Promise<never>((_, reject) => {
      stop = () => reject(target.signal?.aborted ? target.signal.reason : page.signal.reason)
      if (page.signal.aborted) stop()
      page.signal.addEventListener('abort', stop, { once: true })
      target.signal?.addEventListener('abort', stop, { once: true })
    })
    const result = await Promise.race([run(page, page.url), stopped])
    return { result, blocked: page.blocked() }
  } finally {
    page.signal.removeEventListener('abort', stop)
    target.signal?.removeEventListener('abort', stop)
    await page.close()
  }
}

function merge(interaction: InteractionFigures, idle: IdleFigures | undefined, blocked: Map<string, number>) {
  const errors = [...new Set([...interaction.errors, ...(idle?.errors ?? [])])]
  const consoleErrors = [...new Set([...interaction.consoleErrors, ...(idle?.consoleErrors ?? [])])]
  const { errors: _e, consoleErrors: _c, ...fromInteraction } = interaction
  const fromIdle = idle ? (({ errors: _x, consoleErrors: _y, ...rest }) => rest)(idle) : {}
  return {
    ...fromInteraction,
    ...fromIdle,
    blocked: [...blocked].map(([host, count]) => ({ host, count })).sort((a, b) => b.count - a.count),
    exceptions: errors.length,
    consoleErrors: consoleErrors.length,
    errorMessages: [...errors, ...consoleErrors].slice(0, SHOWN_ERRORS),
  }
}

/**
 * Runs both passes; `progress` hears the interaction figures first (the idle ones still
 * missing), and the whole at the end.
 */
export async function runAudit(
  browser: OpenBrowser,
  target: AuditTarget,
  progress: (figures: Partial<AuditFigures>) => Promise<void> | void = () => {},
): Promise<AuditFigures> {
  // The interaction run starts the ad not viewable and makes it so after a second (as an app
  // shows it): without the parameter the host finds the page on screen and says viewable at once.
  const first = await withPage(
    browser,
    target,
    INTERACTION_BUDGET_MS,
    (page, url) => runInteraction(page, url),
    { [HOST_PARAMS.viewable]: 'false' },
  )
  await progress(merge(first.result, undefined, first.blocked))
  const second = await withPage(browser, target, target.windowMs + IDLE_OVERHEAD_MS, (page, url) =>
    runIdle(page, url, target.windowMs),
  )
  // Both runs load the creative: a host counts as often as the run that tried it most.
  const blocked = new Map(first.blocked)
  for (const [host, count] of second.blocked) blocked.set(host, Math.max(blocked.get(host) ?? 0, count))
  return merge(first.result, second.result, blocked) as AuditFigures
}
