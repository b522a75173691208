// Every request a page makes while the audit watches, refused ones included (they are the
// creative's attempts): count, bytes, plain http to another server, and initial load or subload
// as IAB defines them (the subload starts 1 s after the document's DOMContentLoaded has ended).
// The host's own mraid.js is the SDK's, not the creative's; the package's own files come over
// whatever scheme the preview is served on (so do its relative requests outside the package),
// so only other servers count as plain http.
import type { Page, Request } from 'playwright-core'

interface Logged {
  url: string
  at: number
  bytes: number
}

const SUBLOAD_AFTER_DCL_MS = 1000

export function logRequests(page: Page, ownPrefix: string) {
  const ownOrigin = new URL(ownPrefix).origin
  const started = Date.now()
  const logged = new Map<Request, Logged>()
  const sizes: Promise<void>[] = []
  page.on('request', (request) => {
    if (/\/mraid\.js(?:[?#]|$)/.test(request.url())) return
    logged.set(request, { url: request.url(), at: Date.now() - started, bytes: 0 })
  })
  page.on('requestfinished', (request) => {
    const entry = logged.get(request)
    if (!entry) return
    sizes.push(
      request
        .sizes()
        .then((size) => {
          entry.bytes = size.responseBodySize + size.responseHeadersSize
        })
        .catch(() => {}),
    )
  })
  return {
    /** `domContentLoadedEnd`: ms after navigation, as the page measured it (null: never). */
    async summary(domContentLoadedEnd: number | null) {
      await Promise.race([Promise.all(sizes), new Promise((resolve) => setTimeout(resolve, 1000))])
      const entries = [...logged.values()]
      const subloadFrom = (domContentLoadedEnd ?? Number.POSITIVE_INFINITY) + SUBLOAD_AFTER_DCL_MS
      const initial = entries.filter((entry) => entry.at <= subloadFrom)
      const sum = (list: Logged[]) => list.reduce((total, entry) => total + entry.bytes, 0)
      return {
        requests: entries.length,
        bytes: sum(entries),
        initialRequests: initial.length,
        initialBytes: sum(initial),
        subloadBytes: sum(entries) - sum(initial),
        plainHttpRequests: entries.filter(
          (entry) => entry.url.startsWith('http:') && !entry.url.startsWith(`${ownOrigin}/`),
        ).length,
      }
    },
  }
}
