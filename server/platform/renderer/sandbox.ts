// One creative in a fresh browser context that can reach its own package's files and nothing
// else (a creative is untrusted code running on our server): every request and websocket is intercepted in the context, before it can
// leave the browser. The package's own files are answered here, through the app's preview route
// in this process, so the browser needs no network at all (whatever address the server listens
// on); everything else (another host, loopback, private ranges, another package, the API, file:,
// websockets, a navigation carrying data away) is refused and logged. A file larger than a
// render may hold, or more requests than its budget, is refused too.
import type { Browser, BrowserContext, CDPSession, Page, Route } from 'playwright-core'
import { API } from '../../../shared/paths.ts'
import { keepRenderersLow } from './low-priority.ts'
import { NO_WEBRTC_SCRIPT } from './no-webrtc.ts'
import { createRequestLog, type RequestLog } from './refused-requests.ts'
import { startRenderBudget } from './render-budget.ts'

export interface SandboxOptions {
  uuid: string
  viewport: { width: number; height: number }
  hasTouch?: boolean
  isMobile?: boolean
  /** Query parameters of the preview URL (the MRAID host's placement, screen, ...). */
  query?: Record<string, string>
  /** Requests a render may make, served and refused together (default 1,000). */
  maxRequests?: number
  /**
   * Wall-clock time the render may take, from opening to close (default RENDER_BUDGET_MS), not
   * counting the time the browser yielded to requests (up to YIELD_CAP times the budget in all).
   * Past it the context is closed, which ends its renderer process whatever its script does.
   */
  budgetMs?: number
}

export interface SandboxDeps {
  /** PUBLIC_URL: the origin the creative sees, as on a phone. */
  previewOrigin: string
  /** The app's own answer to a request (app.fetch): nothing goes over a socket. */
  fetchPreview: (request: Request) => Promise<Response>
  /**
   * Whether the server is answering requests now (server/platform/jobs/request-load.ts): the
   * browser then yields the CPU (low-priority.ts), and the render's budget waits.
   */
  yielding?: () => boolean
}

export interface Sandbox {
  context: BrowserContext
  page: Page
  /** The package's index_url (with `query`): navigate the page here. */
  url: string
  /** The one place requests may go: the package's preview folder. */
  allowedPrefix: string
  requests: RequestLog
  /** Resolves once the render has used up its request budget (it is then cut short). */
  overBudget: Promise<void>
  /** A DevTools session on the page (Performance.getMetrics, ...). */
  cdp(): Promise<CDPSession>
  budgetMs: number
  /**
   * Aborted, with a RenderStoppedError, when the render's time budget is spent or its page
   * crashed (out of its heap); its context is closed then.
   */
  signal: AbortSignal
  /** Closes the context; safe to call twice, and after the budget closed it. */
  close(): Promise<void>
}

/** A render the creative ended: past its time budget, or its page crashed (out of its heap). */
export class RenderStoppedError extends Error {
  readonly why: 'time' | 'crash'
  constructor(why: 'time' | 'crash', budgetMs: number) {
    super(
      why === 'time'
        ? `The creative ran past its render budget (${budgetMs} ms) and was stopped`
        : 'The creative crashed its page (it ran out of its memory, or its renderer ended)',
    )
    this.name = 'RenderStoppedError'
    this.why = why
  }
}

const DEFAULT_MAX_REQUESTS = 1000
/**
 * A creative's first frame comes within a few seconds; a hanging one holds the renderer no
 * longer. 20 s, not 10: at a load of 28 on two cores an honest render took 12.6 s (median).
 */
export const RENDER_BUDGET_MS = 20_000
const PRIORITY_CHECK_MS = 250
/**
 * A render's wall-clock time at most, as a multiple of its budget, however long it yielded:
 * a creative that spins while the server stays busy holds its job no longer (2.5 x 20 s stays
 * under the thumbnail job's 60 s).
 */
const YIELD_CAP = 2.5
/** One file and all of them together, as held in memory on their way into the browser. */
export const MAX_FILE_BYTES = 16 * 1024 * 1024
export const MAX_RENDER_BYTES = 64 * 1024 * 1024

/** The body, or undefined when it is larger than `limit`. */
async function bodyWithin(response: Response, limit: number): Promise<Buffer | undefined> {
  if (Number(response.headers.get('content-length') ?? 0) > limit) {
    await response.body?.cancel()
    return undefined
  }
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of response.body ?? []) {
    size += chunk.length
    if (size > limit) {
      await response.body?.cancel().catch(() => {})
      return undefined
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}

export async function openSandbox(
  browser: Browser,
  deps: SandboxDeps,
  options: SandboxOptions,
): Promise<Sandbox> {
  const previewUrl = new URL(deps.previewOrigin + API.preview(options.uuid))
  for (const [name, value] of Object.entries(options.query ?? {})) previewUrl.searchParams.set(name, value)
  const allowedPrefix = previewUrl.href.slice(0, previewUrl.href.lastIndexOf('/') + 1)
  const maxRequests = options.maxRequests ?? DEFAULT_MAX_REQUESTS
  const requests = createRequestLog()
  let bytesLeft = MAX_RENDER_BYTES
  let reportOverBudget = () => {}
  const overBudget = new Promise<void>((resolve) => {
    reportOverBudget = resolve
  })

  const context = await browser.newContext({
    viewport: options.viewport,
    hasTouch: options.hasTouch ?? false,
    isMobile: options.isMobile ?? false,
    serviceWorkers: 'block',
    acceptDownloads: false,
  })

  async function answer(route: Route): Promise<void> {
    const request = route.request()
    const url = request.url()
    const navigation = request.isNavigationRequest()
    const refuse = (reason: Parameters<RequestLog['refuse']>[2]) => {
      requests.refuse(url, navigation, reason)
      return route.abort('blockedbyclient')
    }
    if (requests.total >= maxRequests) {
      reportOverBudget()
      return refuse('over-budget')
    }
    if (!url.startsWith(allowedPrefix)) return refuse('outside-package')
    const response = await deps.fetchPreview(
      new Request(url, { method: request.method(), headers: await request.allHeaders() }),
    )
    const body = await bodyWithin(response, Math.min(MAX_FILE_BYTES, bytesLeft))
    if (!body) return refuse('too-large')
    bytesLeft -= body.length
    requests.served()
    return route.fulfill({ status: response.status, headers: Object.fromEntries(response.headers), body })
  }

  const budgetMs = options.budgetMs ?? RENDER_BUDGET_MS
  const budget = new AbortController()
  const closing = { done: undefined as Promise<void> | undefined }
  const close = () => {
    clock.stop()
    clearInterval(keepLow)
    closing.done ??= context.close().catch(() => {})
    return closing.done
  }
  const stop = (why: RenderStoppedError['why']) => {
    if (!budget.signal.aborted) budget.abort(new RenderStoppedError(why, budgetMs))
    void close()
  }
  const clock = startRenderBudget({ budgetMs, capMs: budgetMs * YIELD_CAP, onSpent: () => stop('time') })
  const keepLow = setInterval(() => {
    const yielding = deps.yielding?.() ?? false
    keepRenderersLow(yielding)
    if (yielding) clock.yielded(PRIORITY_CHECK_MS)
  }, PRIORITY_CHECK_MS)

  try {
    // A route that fails (the page closed meanwhile) has nothing left to answer.
    await context.route('**/*', (route) => answer(route).catch(() => route.abort().catch(() => {})))
    await context.routeWebSocket(/.*/, (socket) => {
      requests.refuse(socket.url(), false, 'websocket')
      return socket.close()
    })
    await context.addInitScript(NO_WEBRTC_SCRIPT)
    const page = await context.newPage()
    page.once('crash', () => stop('crash'))
    // A popup is never part of a render, and each would be a renderer process of its own.
    context.on('page', (opened) => void (opened === page || opened.close().catch(() => {})))
    return {
      context,
      page,
      url: previewUrl.href,
      allowedPrefix,
      requests,
      overBudget,
      cdp: () => context.newCDPSession(page),
      budgetMs,
      signal: budget.signal,
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}
