// On a phone that joined a live session (its link put ?live=<secret> on the creative's URL),
// everything the host reports also goes to the server (shared/live/live-session.ts), which
// streams it to the workbench. Lines are batched while a post is in flight (one at a time, so
// they arrive in order), each detail and each post kept within the server's limits. The server
// refusing a post (the session ended, expired or is full) stops the reporting; a network
// failure is retried a few times. A quiet ad's host still says now and then that its phone is
// there, and says it left when the page goes, so the workbench counts the phones that are there.
import {
  LIVE_LIMITS,
  LIVE_PARAM,
  LIVE_PATHS,
  LIVE_PRESENCE,
  type PresenceSignal,
} from '../shared/live/live-session.ts'
import type { Report } from './container-link.ts'
import type { HostWindow } from './host-window.ts'

/** Room left in a post for its envelope (device, sentAt). */
const POST_BYTES = LIVE_LIMITS.bytesPerPost - 512
const RETRIES = 3

interface Line {
  at: number
  kind: string
  detail: unknown
  size: number
}

export function liveSecretOf(search: string): string | null {
  return new URLSearchParams(search).get(LIVE_PARAM)
}

function randomId(window: HostWindow): string {
  const bytes = window.crypto.getRandomValues(new Uint8Array(12))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

/** The detail as JSON can carry it: functions dropped, a cycle or an oversized one cut to text. */
function portable(detail: unknown): { detail: unknown; size: number } {
  let json: string
  try {
    json = JSON.stringify(detail) ?? 'null'
  } catch {
    json = JSON.stringify(String(detail))
  }
  if (json.length > LIVE_LIMITS.bytesPerLine) {
    const cut = { cut: json.slice(0, LIVE_LIMITS.bytesPerLine - 100) }
    return { detail: cut, size: JSON.stringify(cut).length }
  }
  return { detail: JSON.parse(json), size: json.length }
}

export function createLiveReporter(window: HostWindow, secret: string): Report {
  const url = new URL(LIVE_PATHS.lines(secret), window.location.origin).href
  const device = randomId(window)
  const queue: Line[] = []
  let sending = false
  let stopped = false
  let failures = 0

  function nextBatch(): Line[] {
    const batch: Line[] = []
    let bytes = 0
    while (queue.length > 0 && batch.length < LIVE_LIMITS.linesPerPost) {
      const line = queue[0]!
      if (batch.length > 0 && bytes + line.size > POST_BYTES) break
      bytes += line.size + 40
      batch.push(queue.shift()!)
    }
    return batch
  }

  function flush(): void {
    if (sending || stopped || queue.length === 0) return
    const batch = nextBatch()
    const lines = batch.map(({ at, kind, detail }) => ({ at, kind, detail }))
    const body = JSON.stringify({ device, sentAt: Date.now(), lines })
    sending = true
    window
      .fetch(url, {
        method: 'POST',
        // text/plain: a simple request, no preflight from the creative's sandboxed origin.
        headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
        body,
        credentials: 'omit',
        keepalive: body.length < POST_BYTES,
      })
      .then(
        (response) => {
          failures = 0
          if (!response.ok) stopped = true
        },
        () => {
          failures += 1
          if (failures > RETRIES) stopped = true
          else queue.unshift(...batch)
        },
      )
      .finally(() => {
        sending = false
        if (queue.length > 0) window.setTimeout(flush, failures > 0 ? 500 * failures : 0)
      })
  }

  let lastQueued = Date.now()
  function queueLine(kind: string, detail: unknown): void {
    queue.push({ at: Date.now(), kind, ...portable(detail) })
    lastQueued = Date.now()
    // A burst of calls in one task goes in one post.
    window.setTimeout(flush, 0)
  }
  const report: Report = (kind, detail) => {
    if (stopped) return
    // The posts themselves are requests the page observer sees: not worth a line each.
    if (kind === 'network' && String((detail as { url?: unknown }).url).startsWith(url)) return
    queueLine(kind, detail)
  }
  const presence = (said: PresenceSignal['presence']) => queueLine('device', { presence: said })
  const heartbeat = window.setInterval(() => {
    if (stopped) window.clearInterval(heartbeat)
    else if (Date.now() - lastQueued >= LIVE_PRESENCE.heartbeatMs) presence('here')
  }, LIVE_PRESENCE.heartbeatMs / 2)
  // Sent at once: a timer set while the page goes would not run.
  window.addEventListener('pagehide', () => {
    if (stopped) return
    presence('left')
    flush()
  })
  return report
}
