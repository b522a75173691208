// Whether the HTTP server is answering requests right now: the job runner waits for a quiet
// moment before it takes a job, so background work does not start while requests queue. A
// request counts while it is young; a live event stream or a long upload that stays open
// stops counting, or a single open workbench would hold every background job back.
import type http from 'node:http'
import { performance } from 'node:perf_hooks'

/** Past this age a request in flight is a stream or a transfer, not a queue. */
const YOUNG_MS = 5_000

export function trackRequestLoad(server: http.Server) {
  /** When each request in flight arrived. */
  const started = new Set<{ at: number }>()
  server.on('request', (_request, response: http.ServerResponse) => {
    const request = { at: performance.now() }
    started.add(request)
    response.once('close', () => started.delete(request))
  })
  return {
    /** Whether a request younger than a few seconds is in flight. */
    busy(): boolean {
      const young = performance.now() - YOUNG_MS
      for (const { at } of started) if (at > young) return true
      return false
    },
  }
}

export type RequestLoad = ReturnType<typeof trackRequestLoad>
