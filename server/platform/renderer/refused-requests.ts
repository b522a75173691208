// What a creative tried to reach while it was rendered: every refused request (the renderer
// lets it reach nothing but its own package's files), by host, with the first ones kept whole.
// The runtime audit counts them as the creative's attempts.

export type RefusalReason =
  /** Anything outside the package's own preview folder: another host, loopback, file:, ... */
  | 'outside-package'
  | 'websocket'
  /** A file of the package larger than a render may hold in memory. */
  | 'too-large'
  /** Past the render's request budget. */
  | 'over-budget'

export interface RefusedRequest {
  url: string
  /** host[:port], or the scheme for URLs without one (`file:`, `data:`). */
  host: string
  /** A frame's navigation (the creative tried to leave or open a page). */
  navigation: boolean
  reason: RefusalReason
}

const KEPT_WHOLE = 200
const URL_CHARS = 500

function hostOf(url: string): string {
  try {
    const parsed = new URL(url)
    return parsed.host || parsed.protocol
  } catch {
    return url.slice(0, 40)
  }
}

export function createRequestLog() {
  const refused: RefusedRequest[] = []
  const byHost = new Map<string, number>()
  let served = 0
  let refusedCount = 0
  return {
    served(): void {
      served++
    },
    refuse(url: string, navigation: boolean, reason: RefusalReason): void {
      const host = hostOf(url)
      refusedCount++
      byHost.set(host, (byHost.get(host) ?? 0) + 1)
      if (refused.length < KEPT_WHOLE)
        refused.push({ url: url.slice(0, URL_CHARS), host, navigation, reason })
    },
    /** Requests seen so far, served and refused. */
    get total() {
      return served + refusedCount
    },
    summary() {
      return {
        served,
        refusedCount,
        /** The first refused requests, whole. */
        refused: [...refused],
        /** Refused requests by host, most first. */
        blockedHosts: [...byHost]
          .map(([host, count]) => ({ host, count }))
          .sort((a, b) => b.count - a.count || a.host.localeCompare(b.host)),
      }
    },
  }
}

export type RequestLog = ReturnType<typeof createRequestLog>
export type RequestSummary = ReturnType<RequestLog['summary']>
