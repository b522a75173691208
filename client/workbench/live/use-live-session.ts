// The workbench's side of a live session: start it (a link and QR for phones), follow its stream
// (reconnecting after the last line it saw), end it (also when the workbench closes). Phones'
// lines are moved onto this browser's clock with the offset the stream's hello gives.
import { useCallback, useEffect, useRef, useState } from 'react'
import { readEventStream } from '../../../shared/live/event-stream.ts'
import {
  isPresenceSignal,
  LIVE_PATHS,
  LIVE_STREAM_EVENTS,
  type LiveHello,
  type LivePresence,
  type LiveSession,
  type LiveStreamLine,
} from '../../../shared/live/live-session.ts'
import { toApiError } from '../../api/api-error.ts'
import { useTRPCClient } from '../../api/trpc.ts'
import { getAccessToken, refreshAccessToken } from '../../auth/access-token.ts'
import type { ConsoleSource, LogLine } from '../console-lines.ts'
import { phoneLine, phoneSources } from './phone-lines.ts'

const MAX_LINES = 2000
const RECONNECT_MS = 1000

export type LiveStatus = 'off' | 'starting' | 'open' | 'reconnecting' | 'ending' | 'ended' | 'failed'

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve()
    })
  })

export function useLiveSession(uuid: string) {
  const client = useTRPCClient()
  const [status, setStatus] = useState<LiveStatus>('off')
  const [session, setSession] = useState<LiveSession | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [lines, setLines] = useState<LogLine[]>([])
  const [sources, setSources] = useState<readonly ConsoleSource[]>([])
  // The columns as the stream's last line left them (a line's column depends on them).
  const known = useRef<readonly ConsoleSource[]>([])
  /** How many phones are there now (the server's count: heard from lately, not gone). */
  const [phones, setPhones] = useState(0)
  const following = useRef<AbortController | null>(null)
  const current = useRef<LiveSession | null>(null)
  // Bumped by every end and start: an end call that answers after a newer start changes nothing.
  const generation = useRef(0)

  const follow = useCallback(async (id: string, signal: AbortSignal) => {
    let after = 0
    let offset = 0
    let retriedAuth = false
    while (!signal.aborted) {
      try {
        const query = after > 0 ? `?after=${after}` : ''
        const response = await fetch(`${LIVE_PATHS.stream(id)}${query}`, {
          headers: { Authorization: `Bearer ${await getAccessToken()}` },
          signal,
        })
        if (response.status === 401 && !retriedAuth) {
          retriedAuth = true
          await refreshAccessToken()
          continue
        }
        if (!response.ok || !response.body) {
          setError(`The live session's stream answered ${response.status}.`)
          setStatus('failed')
          return
        }
        retriedAuth = false
        setStatus('open')
        for await (const event of readEventStream(response.body)) {
          if (event.event === LIVE_STREAM_EVENTS.hello) {
            offset = (JSON.parse(event.data) as LiveHello).now - Date.now()
          } else if (event.event === LIVE_STREAM_EVENTS.line) {
            const line = JSON.parse(event.data) as LiveStreamLine
            after = line.id
            const columns = phoneSources(known.current, line)
            known.current = columns
            setSources(columns)
            // A heartbeat or a goodbye says who is there, nothing the ad did.
            if (!isPresenceSignal(line))
              setLines((shown) => [...shown.slice(-(MAX_LINES - 1)), phoneLine(line, offset, columns)])
          } else if (event.event === LIVE_STREAM_EVENTS.presence) {
            setPhones((JSON.parse(event.data) as LivePresence).devices.length)
          } else if (event.event === LIVE_STREAM_EVENTS.end) {
            setStatus('ended')
            return
          }
        }
      } catch {
        if (signal.aborted) return
      }
      setStatus('reconnecting')
      await sleep(RECONNECT_MS, signal)
    }
  }, [])

  const end = useCallback(() => {
    following.current?.abort()
    following.current = null
    const ending = current.current
    current.current = null
    const mine = ++generation.current
    if (!ending) {
      setStatus((now) => (now === 'off' ? now : 'ended'))
      return
    }
    // 'ended' says its link no longer works: only once the server has ended it.
    setStatus('ending')
    client.live.end.mutate({ id: ending.id }).then(
      () => {
        if (generation.current === mine) setStatus('ended')
      },
      (failure: unknown) => {
        if (generation.current !== mine) return
        setError(`The live session could not be ended: ${toApiError(failure).message}`)
        setStatus('failed')
      },
    )
  }, [client])

  const start = useCallback(async () => {
    end()
    generation.current++
    setStatus('starting')
    setError(null)
    try {
      const started = await client.live.start.mutate({ uuid })
      current.current = started
      setSession(started)
      setLines([])
      known.current = []
      setSources([])
      setPhones(0)
      const controller = new AbortController()
      following.current = controller
      void follow(started.id, controller.signal)
    } catch (failure) {
      setError(toApiError(failure).message)
      setStatus('failed')
    }
  }, [client, uuid, follow, end])

  // Leaving the workbench ends its session: its link stops working.
  useEffect(() => end, [end])

  return { status, session, error, lines, sources, phones, start, end, clear: () => setLines([]) }
}

export type LiveSessionState = ReturnType<typeof useLiveSession>
