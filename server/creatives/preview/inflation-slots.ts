// A cap on large inflations running at once: each holds a zlib window, buffers and
// a file handle, and inflating is CPU on libuv's thread pool; past the cap a request waits its
// turn (first come, first served) instead of adding to the load. A request whose client goes
// away while waiting leaves the queue; a stalled one is cut by the idle timeout.

export const MAX_CONCURRENT_LARGE_INFLATIONS = 4

export function createInflationSlots(max = MAX_CONCURRENT_LARGE_INFLATIONS) {
  let running = 0
  const waiting: Array<() => void> = []

  function release(): void {
    const next = waiting.shift()
    if (next) next()
    else running--
  }

  return {
    /** Resolves with the function that frees the slot (call it exactly once). */
    acquire(signal?: AbortSignal): Promise<() => void> {
      if (running < max) {
        running++
        return Promise.resolve(once(release))
      }
      return new Promise((resolve, reject) => {
        const grant = () => {
          signal?.removeEventListener('abort', abandon)
          resolve(once(release))
        }
        const abandon = () => {
          const at = waiting.indexOf(grant)
          if (at >= 0) waiting.splice(at, 1)
          reject(signal?.reason ?? new Error('aborted'))
        }
        if (signal?.aborted) return abandon()
        signal?.addEventListener('abort', abandon, { once: true })
        waiting.push(grant)
      })
    },
    get running() {
      return running
    },
    get waiting() {
      return waiting.length
    },
  }
}

function once(action: () => void): () => void {
  let done = false
  return () => {
    if (done) return
    done = true
    action()
  }
}
