// The server-side renderer (it runs untrusted creatives): how long a creative that never returns
// holds it (the render budget, then its renderer is closed), and what the sandbox costs an honest
// creative (every request intercepted and answered in-process), against the same creative opened in
// a plain context of the same browser, in the same run.
import { chromium } from 'playwright-core'
import { renderThumbnail } from '../server/creatives/thumbnails/render-thumbnail.ts'
import { createRendererBrowser } from '../server/platform/renderer/browser.ts'
import { CHROMIUM_ARGS, findChromium } from '../server/platform/renderer/chromium.ts'
import { openSandbox, type SandboxDeps } from '../server/platform/renderer/sandbox.ts'
import { type Figure, median, timeRuns } from './measure.ts'

const AD = { width: 300, height: 250 }
const page = (script: string) =>
  `<html><head><script src="mraid.js"></script></head><body style="background:#0a5"><h1>SALE</h1><script>${script}</script></body></html>`

/** Answers every preview path with `html`, and mraid.js with an empty script. */
function serving(html: string): SandboxDeps {
  return {
    previewOrigin: 'http://localhost:3999',
    fetchPreview: async (request) =>
      new URL(request.url).pathname.endsWith('mraid.js')
        ? new Response('', { headers: { 'content-type': 'text/javascript' } })
        : new Response(html, { headers: { 'content-type': 'text/html' } }),
  }
}

export async function benchRenderer(): Promise<Figure[]> {
  const executable = findChromium(process.env.CHROMIUM_PATH)
  if (!executable) return []
  const renderer = createRendererBrowser(executable)
  const plain = await chromium.launch({ executablePath: executable, args: CHROMIUM_ARGS })
  try {
    const browser = await renderer.open()
    const honest = page('')
    const sandboxed = await timeRuns(5, async () => {
      await renderThumbnail(browser, serving(honest), 'bench', AD)
    })
    const unguarded = await timeRuns(5, async () => {
      const context = await plain.newContext({ viewport: AD })
      const tab = await context.newPage()
      await tab.route('**/*', (route) => route.fulfill({ contentType: 'text/html', body: honest }))
      await tab.goto('http://localhost:3999/ads-preview/preview/bench/index.html', { waitUntil: 'load' })
      await tab.waitForTimeout(1200)
      await tab.screenshot({ type: 'png' })
      await context.close()
    })
    // Once: it lasts the whole budget by design.
    const started = performance.now()
    const sandbox = await openSandbox(browser, serving(page('while (true) {}')), {
      uuid: 'bench',
      viewport: AD,
    })
    await sandbox.page.goto(sandbox.url, { waitUntil: 'load' }).catch(() => {})
    await sandbox.page.screenshot().catch(() => {})
    await sandbox.close()
    const hanging = performance.now() - started
    return [
      {
        name: 'render an honest creative in the sandbox (thumbnail, 1.2 s settle included)',
        value: median(sandboxed),
        unit: 'ms',
        baseline: median(unguarded),
        baselineName: 'the same page in a plain context, one route, same settle',
        lowerIsBetter: true,
      },
      {
        name: 'a while(true) creative holds the renderer',
        value: hanging,
        unit: 'ms',
        baseline: median(sandboxed),
        baselineName: 'an honest render',
        lowerIsBetter: true,
      },
    ]
  } finally {
    await plain.close()
    await renderer.close()
  }
}
