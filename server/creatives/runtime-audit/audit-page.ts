// One audit run's page: the renderer's sandbox (server/platform/renderer/sandbox.ts: a fresh context that
// reaches nothing but the package's own preview files, answered in-process, with a time budget
// past which the context is closed whatever the creative does), touch enabled, and the audit's
// probe installed before the creative's first script. Refused requests are the creative's
// attempts: the audit counts them by host.
import type { Browser, CDPSession, Page } from 'playwright-core'
import { openSandbox, type SandboxDeps } from '../../platform/renderer/sandbox.ts'
import { PROBE_SCRIPT } from './probe-script.ts'

export interface AuditPage {
  page: Page
  /** The package's index_url with the host's query: navigate here. */
  url: string
  /** The package's own preview path: the one place requests may go. */
  allowedPrefix: string
  cdp: CDPSession
  /** Refused requests by host, and the URLs of refused navigations, so far. */
  blocked(): Map<string, number>
  refusedNavigations(): string[]
  /** Aborted when the run's budget is spent or its page crashed (its context is closed then). */
  signal: AbortSignal
  close(): Promise<void>
}

export async function openAuditPage(
  browser: Browser,
  deps: SandboxDeps,
  options: {
    uuid: string
    viewport: { width: number; height: number }
    query: Record<string, string>
    budgetMs: number
  },
): Promise<AuditPage> {
  const sandbox = await openSandbox(browser, deps, { ...options, hasTouch: true })
  try {
    await sandbox.page.addInitScript(PROBE_SCRIPT)
    const cdp = await sandbox.cdp()
    await cdp.send('Performance.enable')
    return {
      page: sandbox.page,
      url: sandbox.url,
      allowedPrefix: sandbox.allowedPrefix,
      cdp,
      blocked: () =>
        new Map(sandbox.requests.summary().blockedHosts.map(({ host, count }) => [host, count] as const)),
      refusedNavigations: () =>
        sandbox.requests
          .summary()
          .refused.filter((request) => request.navigation)
          .map((request) => request.url),
      signal: sandbox.signal,
      close: sandbox.close,
    }
  } catch (error) {
    await sandbox.close()
    throw error
  }
}
