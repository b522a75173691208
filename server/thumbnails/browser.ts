// The headless Chromium that renders thumbnails: launched on first use, closed after a minute
// without work. playwright-core comes from node_modules, or from the single executable's
// unpacked files (its loader is passed in); if it cannot be loaded, thumbnails are off.
import type { Browser } from 'playwright-core'
import { CHROMIUM_ARGS } from './chromium.ts'

const IDLE_CLOSE_MS = 60_000

export type LoadPlaywright = () => Promise<typeof import('playwright-core')>

export function createThumbnailBrowser(
  executablePath: string,
  loadPlaywright: LoadPlaywright = () => import('playwright-core'),
) {
  let browser: Promise<Browser> | undefined
  let idleTimer: ReturnType<typeof setTimeout> | undefined
  let unavailable = false

  async function close(): Promise<void> {
    clearTimeout(idleTimer)
    const open = browser
    browser = undefined
    await open?.then((b) => b.close()).catch(() => {})
  }

  return {
    /** False once playwright-core turned out to be missing. */
    get usable() {
      return !unavailable
    },
    async open(): Promise<Browser> {
      clearTimeout(idleTimer)
      if (!browser) {
        const { chromium } = await loadPlaywright().catch((error: unknown) => {
          unavailable = true
          throw new Error(
            `thumbnails are off: playwright-core cannot be loaded (${(error as Error).message})`,
          )
        })
        browser = chromium.launch({ executablePath, args: CHROMIUM_ARGS })
        browser.catch(() => {
          browser = undefined
        })
      }
      return browser
    },
    closeWhenIdle(): void {
      clearTimeout(idleTimer)
      idleTimer = setTimeout(() => void close(), IDLE_CLOSE_MS)
      idleTimer.unref()
    },
    close,
  }
}

export type ThumbnailBrowser = ReturnType<typeof createThumbnailBrowser>
