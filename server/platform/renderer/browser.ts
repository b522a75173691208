// The headless Chromium that renders creatives on the server: launched on first use, closed after
// a minute without work, and launched so that nothing a page does reaches a network. Every
// request a page makes is intercepted first (sandbox.ts); WebRTC is removed from every page
// (no-webrtc.ts) and told to send no UDP but through the proxy, and the proxy goes nowhere,
// loopback included; beneath all that the browser runs in a network namespace with no way out
// (network-namespace.ts). A page's JavaScript heap is capped and each renderer process's memory
// is limited (renderer-memory.ts), so a creative that allocates without end crashes or fails
// in its own page. Its processes run at a lower CPU priority than the server (low-priority.ts).
// playwright-core comes from node_modules, or from the single executable's unpacked files (its
// loader is passed in); if it cannot be loaded, rendering is off.
import type { Browser } from 'playwright-core'
import { logger } from '../log/logger.ts'
import { CHROMIUM_ARGS } from './chromium.ts'
import { lowerBrowserPriority } from './low-priority.ts'
import { isolatedLauncher } from './network-namespace.ts'
import { limitRendererMemory } from './renderer-memory.ts'

const IDLE_CLOSE_MS = 60_000
export const PAGE_HEAP_MB = 256

const RENDERER_ARGS = [
  ...CHROMIUM_ARGS.filter((arg) => arg !== '--no-sandbox'),
  `--js-flags=--max-old-space-size=${PAGE_HEAP_MB}`,
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--no-pings',
]
/**
 * Nothing listens on port 1 (and Chromium refuses it as unsafe): the proxy goes nowhere.
 * `<-loopback>` ends Chromium's implicit rule that loopback never goes through the proxy.
 */
const NOWHERE = { server: 'http://127.0.0.1:1', bypass: '<-loopback>' }

export type LoadPlaywright = () => Promise<typeof import('playwright-core')>

export function createRendererBrowser(
  executablePath: string,
  loadPlaywright: LoadPlaywright = () => import('playwright-core'),
) {
  let browser: Promise<Browser> | undefined
  let idleTimer: ReturnType<typeof setTimeout> | undefined
  let unavailable = false

  async function launchChromium(): Promise<Browser> {
    const { chromium } = await loadPlaywright().catch((error: unknown) => {
      unavailable = true
      throw new Error(`rendering is off: playwright-core cannot be loaded (${(error as Error).message})`)
    })
    const launchWith = (executable: string) => {
      const options = { executablePath: executable, args: RENDERER_ARGS, proxy: NOWHERE }
      const unsandboxed = { ...options, args: [...RENDERER_ARGS, '--no-sandbox'] }
      // Chromium's own sandbox needs a user other than root and user namespaces; without them
      // the request interception, the proxy and the limits still hold.
      if (process.getuid?.() === 0) return chromium.launch(unsandboxed)
      return chromium.launch(options).catch((error: unknown) => {
        logger.warn({ err: error }, "Chromium's sandbox is not available here: rendering without it")
        return chromium.launch(unsandboxed)
      })
    }
    const withoutNamespace = (error?: unknown) => {
      logger.warn(
        { err: error },
        'Chromium cannot run in a network namespace of its own here: rendering with WebRTC off and the proxy only',
      )
      return launchWith(executablePath)
    }
    const isolated = isolatedLauncher(executablePath)
    return isolated ? launchWith(isolated).catch(withoutNamespace) : withoutNamespace()
  }

  async function launch(): Promise<Browser> {
    const launched = await launchChromium()
    lowerBrowserPriority()
    limitRendererMemory()
    return launched
  }

  function forget(launching: Promise<Browser>): void {
    if (browser === launching) browser = undefined
  }

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
        const launching = launch()
        browser = launching
        // A browser that crashed or was killed is launched anew for the next render.
        launching.then(
          (launched) => launched.on('disconnected', () => forget(launching)),
          () => forget(launching),
        )
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

export type RendererBrowser = ReturnType<typeof createRendererBrowser>
