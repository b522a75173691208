// The owner's stream of a live session (server-sent events over the bearer-checked API): `hello`
// with the server's clock, then every line the phones sent, in order, each with its id (a
// reconnect with Last-Event-ID, or ?after=, resumes after it), then `end` when the session ends
// or expires. It reads the database, so the phone and the workbench may reach different app
// processes; a line taken by this process wakes it at once (live-bus.ts). Its credential is
// judged again every LIVE_RECHECK_MS: a revoked token, a removed owner or a signed-out session
// closes the stream (without `end`: the workbench's reconnect is then refused and says so).
import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { LIVE_STREAM_EVENTS, type LiveHello, type LivePresence } from '../../../shared/live/live-session.ts'
import { REST } from '../../../shared/paths.ts'
import type { Services } from '../../actions/define-action.ts'
import type { AuthVariables } from '../../identity/access/bearer.ts'
import { logger } from '../../platform/log/logger.ts'
import { isOpen, ownSession } from './find-live-session.ts'
import { LIVE_POLL_MS } from './live-bus.ts'
import { readLiveLines } from './read-live-lines.ts'
import { readLivePresence } from './read-live-presence.ts'

const BATCH = 500
/** How often a quiet stream looks whether a phone went silent (the lines themselves wake it). */
const PRESENCE_CHECK_MS = 1000

/** With the member check's cache (MEMBER_CHECK_TTL_MS), a revocation ends a stream within a minute. */
export const LIVE_RECHECK_MS = 20_000

export function createLiveStreamRoutes(services: Services) {
  const { db } = services
  // A comment line now and then keeps the connection from looking idle (IDLE_TIMEOUT_SECONDS,
  // and proxies' own read timeouts).
  const heartbeatMs = Math.min(15_000, (services.config.http.idleTimeoutSeconds * 1000) / 3)
  return new Hono<{ Variables: AuthVariables }>().get(REST.liveStream, async (c) => {
    const first = await ownSession(db, c.var.user, c.req.param('id'))
    const resumeFrom = Number(c.req.header('last-event-id') ?? c.req.query('after') ?? 0)
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(
      c,
      async (stream) => {
        const stop = new AbortController()
        stream.onAbort(() => stop.abort())
        const hello: LiveHello = { now: services.now(), expiresAt: first.expiresAt }
        await stream.writeSSE({ event: LIVE_STREAM_EVENTS.hello, data: JSON.stringify(hello) })
        let after = Number.isSafeInteger(resumeFrom) && resumeFrom > 0 ? resumeFrom : 0
        let lastWrite = services.now()
        let lastCheck = services.now()
        let present = ''
        let presenceAt = -Infinity
        while (!stream.aborted) {
          if (services.now() - lastCheck >= LIVE_RECHECK_MS) {
            const admitted = await c.var.reauthenticate().then(
              () => true,
              () => false,
            )
            if (!admitted) return
            lastCheck = services.now()
          }
          const lines = await readLiveLines(db, first.id, after, BATCH)
          for (const line of lines) {
            await stream.writeSSE({
              event: LIVE_STREAM_EVENTS.line,
              id: String(line.id),
              data: JSON.stringify(line),
            })
            after = line.id
          }
          if (lines.length > 0) lastWrite = services.now()
          if (lines.length === BATCH) continue
          if (lines.length > 0 || services.now() - presenceAt >= PRESENCE_CHECK_MS) {
            presenceAt = services.now()
            const presence: LivePresence = { devices: await readLivePresence(db, first.id, presenceAt) }
            if (JSON.stringify(presence) !== present) {
              present = JSON.stringify(presence)
              await stream.writeSSE({ event: LIVE_STREAM_EVENTS.presence, data: present })
              lastWrite = services.now()
            }
          }
          const session = await ownSession(db, c.var.user, first.id)
          if (!isOpen(session, services.now())) {
            await stream.writeSSE({ event: LIVE_STREAM_EVENTS.end, data: '{}' })
            return
          }
          if (services.now() - lastWrite >= heartbeatMs) {
            await stream.write(': still here\n\n')
            lastWrite = services.now()
          }
          await services.liveBus.wait(first.id, LIVE_POLL_MS, stop.signal)
        }
      },
      async (error) => {
        logger.warn({ err: error, session: first.id }, 'A live stream failed')
      },
    )
  })
}
