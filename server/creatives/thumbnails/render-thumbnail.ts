// One thumbnail: the creative's preview opened at its ad size in the renderer's sandbox (it
// reaches its own package's files and nothing else, within the render's time budget), given a
// moment to draw, then scaled (not cropped) into THUMBNAIL_PIXELS on the list's neutral
// background. The scaling page is one of ours, in a context of its own: nothing of the creative.
import type { Browser } from 'playwright-core'
import type { RequestSummary } from '../../platform/renderer/refused-requests.ts'
import { openSandbox, type SandboxDeps } from '../../platform/renderer/sandbox.ts'
import { THUMBNAIL_PIXELS } from './thumbnail-size.ts'

const SETTLE_MS = 1200
/** The rest of the render's budget is kept for the settle time and the screenshot. */
const LOAD_SHARE = 0.6

export interface AdSize {
  width: number
  height: number
}

export interface RenderOptions {
  /** The job's own budget: the render stops when it fires. */
  signal?: AbortSignal
  /** The render's own time budget (RENDER_SECONDS; default the sandbox's). */
  budgetMs?: number
  /** What the creative tried to reach, told once the render is over, however it ended. */
  onRequests?: (requests: RequestSummary) => void
}

/** The creative's page at its ad size, as a PNG; throws RenderStoppedError past its budget or
 * when its page crashed. */
async function shootCreative(
  browser: Browser,
  deps: SandboxDeps,
  uuid: string,
  adSize: AdSize,
  { signal, onRequests, budgetMs }: RenderOptions,
) {
  const sandbox = await openSandbox(browser, deps, {
    uuid,
    viewport: adSize,
    ...(budgetMs ? { budgetMs } : {}),
  })
  const stop = () => void sandbox.close()
  signal?.addEventListener('abort', stop)
  try {
    const { page, signal: budget } = sandbox
    const loadMs = Math.round(LOAD_SHARE * (sandbox.budgetMs - SETTLE_MS))
    await page.goto(sandbox.url, { waitUntil: 'load', timeout: loadMs }).catch(() => {})
    await page.waitForTimeout(SETTLE_MS).catch(() => {})
    return await page.screenshot({ type: 'png' }).catch((error: unknown) => {
      throw budget.aborted ? budget.reason : error
    })
  } finally {
    signal?.removeEventListener('abort', stop)
    await sandbox.close()
    onRequests?.(sandbox.requests.summary())
  }
}

/** A PNG of THUMBNAIL_PIXELS showing package `uuid`'s preview rendered at `adSize`. */
export async function renderThumbnail(
  browser: Browser,
  deps: SandboxDeps,
  uuid: string,
  adSize: AdSize,
  options: RenderOptions = {},
): Promise<Buffer> {
  const shot = await shootCreative(browser, deps, uuid, adSize, options)
  const context = await browser.newContext({ viewport: THUMBNAIL_PIXELS })
  try {
    const page = await context.newPage()
    await page.setContent(
      `<body style="margin:0;background:#eef1f6;display:grid;place-items:center;width:${THUMBNAIL_PIXELS.width}px;height:${THUMBNAIL_PIXELS.height}px">` +
        `<img style="max-width:100%;max-height:100%" src="data:image/png;base64,${shot.toString('base64')}"></body>`,
      { waitUntil: 'load' },
    )
    return await page.screenshot({ type: 'png' })
  } finally {
    await context.close()
  }
}
