// A live session seen from both ends in Playwright: the creative the phone runs (it logs what it
// is told to, and loads what it is told to), and the time from a line said on the phone to its
// row in the workbench's console, both on this machine's clock.
import type { Page } from '@playwright/test'
import { expect } from '@playwright/test'
import { zipOf } from '../fixtures/packages.ts'

const CREATIVE = `<!doctype html><html><head><meta name="ad.size" content="width=320,height=480">
<script src="mraid.js"></script></head><body style="margin:0">
<script>
mraid.addEventListener('ready', function () { console.log('ready on ' + mraid.getPlacementType()) })
window.say = function (text) { console.log(text) }
window.load = function (name) { return fetch(name, { mode: 'no-cors' }) }
</script></body></html>`

/** The package: the creative and a file it may load. */
export const livePackage = () => zipOf({ 'index.html': CREATIVE, 'offer.json': '{"price":"0.99"}' })

/** Milliseconds from `tap N` said on the phone to its first row in the console, N = 0..count-1, sorted. */
export async function lineDelays(page: Page, phonePage: Page, count: number): Promise<number[]> {
  await page.getByTestId('workbench-console').evaluate((log) => {
    const seen: Record<string, number> = {}
    ;(window as unknown as { seen: Record<string, number> }).seen = seen
    new MutationObserver(() => {
      const now = Date.now()
      for (const cell of log.querySelectorAll('td')) {
        const match = /tap \d+/.exec(cell.textContent ?? '')
        if (match && !(match[0] in seen)) seen[match[0]] = now
      }
    }).observe(log, { childList: true, subtree: true, characterData: true })
  })
  const shownAt = (key: string) =>
    page.evaluate((k) => (window as unknown as { seen: Record<string, number> }).seen[k], key)
  const delays: number[] = []
  for (let n = 0; n < count; n++) {
    const key = `tap ${n}`
    const saidAt = await phonePage.evaluate((text) => {
      ;(window as unknown as { say(t: string): void }).say(text)
      return Date.now()
    }, key)
    await expect.poll(() => shownAt(key)).toBeDefined()
    delays.push((await shownAt(key))! - saidAt)
  }
  return delays.sort((a, b) => a - b)
}
