// When /main shows its first rows, on the page's own clock (milliseconds from the start of the
// navigation): the frame that paints the first page of rows. The e2e list test and the bench both
// measure with it, so a figure is not a Node-side stopwatch around Playwright's round trips or the
// load event (which waits for every thumbnail).
import type { BrowserContext, Page } from 'playwright-core'

declare global {
  interface Window {
    firstRowsAt?: number
  }
}

/** Watches every page of `context` from its first byte for a table body of `rows` rows. */
export async function watchFirstRows(context: BrowserContext, rows: number): Promise<void> {
  await context.addInitScript((wanted) => {
    new MutationObserver((_, observer) => {
      if (document.querySelectorAll('tbody tr').length < wanted) return
      observer.disconnect()
      requestAnimationFrame(() => {
        window.firstRowsAt = performance.now()
      })
    }).observe(document, { childList: true, subtree: true })
  }, rows)
}

/** Milliseconds from navigation to the frame with the first rows of the page just opened. */
export async function firstRowsMs(page: Page): Promise<number> {
  await page.waitForFunction(() => window.firstRowsAt !== undefined)
  return page.evaluate(() => window.firstRowsAt ?? Number.NaN)
}
