// Wakes the streams of a session at once when this process took its lines. A stream on another
// process (behind a load balancer) finds them when it next reads the database, at most
// LIVE_POLL_MS later, so nothing depends on the phone and the workbench reaching one process.
export const LIVE_POLL_MS = 100

export type LiveBus = ReturnType<typeof createLiveBus>

export function createLiveBus() {
  const waiting = new Map<string, Set<() => void>>()
  return {
    wake(sessionId: string): void {
      for (const resume of waiting.get(sessionId) ?? []) resume()
    },
    /** Resolves when the session is woken, after `ms`, or when `signal` aborts. */
    wait(sessionId: string, ms: number, signal: AbortSignal): Promise<void> {
      return new Promise((resolve) => {
        const set = waiting.get(sessionId) ?? new Set()
        waiting.set(sessionId, set)
        const resume = () => {
          clearTimeout(timer)
          signal.removeEventListener('abort', resume)
          set.delete(resume)
          if (set.size === 0) waiting.delete(sessionId)
          resolve()
        }
        const timer = setTimeout(resume, ms)
        signal.addEventListener('abort', resume)
        set.add(resume)
      })
    },
  }
}
