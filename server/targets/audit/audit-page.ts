// A fresh browser context for one audit run, locked to the package's own preview path: every
// other request (another host, loopback, another package, a websocket) is refused before it
// leaves the browser and counted as the creative's attempt. A stand-in with the shape the
// hardened renderer of issue 12 will give; the audit never reaches further than this.
import type { Browser, BrowserContext, CDPSession, Page, Route } from 'playwright-core'
import { PROBE_SCRIPT } from './probe-script.ts'

export interface AuditPage {
  page: Page
  /** The package's own preview path: the one place requests may go. */
  allowedPrefix: string
  cdp: CDPSession
  /** Refused requests by host, and the URLs of refused top-level navigations. */
  blocked: Map<string, number>
  refusedNavigations: string[]
  close(): Promise<void>
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || url.slice(0, url.indexOf(':') + 1)
  } catch {
    return url.slice(0, 60)
  }
}

async function fulfilFromServer(route: Route): Promise<void> {
  const request = route.request()
  const response = await fetch(request.url(), {
    method: request.method(),
    headers: await request.allHeaders(),
  })
  const body = Buffer.from(await response.arrayBuffer())
  await route.fulfill({ status: response.status, headers: Object.fromEntries(response.headers), body })
}

export async function openAuditPage(
  browser: Browser,
  options: { allowedPrefix: string; viewport: { width: number; height: number } },
): Promise<AuditPage> {
  const context: BrowserContext = await browser.newContext({
    viewport: options.viewport,
    hasTouch: true,
    serviceWorkers: 'block',
  })
  const blocked = new Map<string, number>()
  const refusedNavigations: string[] = []
  const refuse = (url: string) => blocked.set(hostOf(url), (blocked.get(hostOf(url)) ?? 0) + 1)
  try {
    await context.route('**/*', (route) => {
      const request = route.request()
      // Fetched here, not by the browser: the server's renderer sends nothing to a network
      // (server/renderer/browser.ts), loopback included.
      if (request.url().startsWith(options.allowedPrefix))
        return fulfilFromServer(route).catch(() => route.abort().catch(() => {}))
      refuse(request.url())
      if (request.isNavigationRequest() && request.frame() === request.frame().page().mainFrame()) {
        refusedNavigations.push(request.url())
      }
      return route.abort('blockedbyclient')
    })
    await context.routeWebSocket(/.*/, (socket) => {
      refuse(socket.url())
      return socket.close()
    })
    const page = await context.newPage()
    await page.addInitScript(PROBE_SCRIPT)
    const cdp = await context.newCDPSession(page)
    await cdp.send('Performance.enable')
    const close = () => context.close().catch(() => {})
    return { page, cdp, allowedPrefix: options.allowedPrefix, blocked, refusedNavigations, close }
  } catch (error) {
    await context.close().catch(() => {})
    throw error
  }
}
