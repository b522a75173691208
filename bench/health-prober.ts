// /health asked every 250 ms from a thread of its own: on the load generator's thread, each
// probe's time would include that thread's own backlog (sixteen or sixty-four users' fetches and
// 1 MB bodies), not only the product's answer. The thread still shares the machine's cores.
import { Worker } from 'node:worker_threads'

export interface HealthProbes {
  /** Milliseconds per probe answered 200 that was asked at or after `measureFrom`. */
  times: number[]
  /** Probes answered otherwise, or not at all. */
  errors: number
}

/** Plain JavaScript: the worker runs without the TypeScript loader the bench runs under. */
const PROBER = `
const { parentPort, workerData } = require('node:worker_threads')
const { url, everyMs, measureFrom } = workerData
const times = []
let errors = 0
const pending = new Set()
const controller = new AbortController()
const timer = setInterval(() => {
  const asked = performance.timeOrigin + performance.now()
  const probe = fetch(url, { signal: controller.signal }).then(
    async (response) => {
      await response.arrayBuffer()
      if (response.status !== 200) errors++
      else if (asked >= measureFrom) times.push(performance.timeOrigin + performance.now() - asked)
    },
    () => { if (!controller.signal.aborted) errors++ },
  )
  pending.add(probe)
  probe.finally(() => pending.delete(probe))
}, everyMs)
parentPort.on('message', async () => {
  clearInterval(timer)
  await Promise.all(pending)
  parentPort.postMessage({ times, errors })
})
`

/**
 * Starts probing; `stop()` lets the probes in flight answer and returns every figure.
 * `measureFrom` is a performance.now() of the calling thread.
 */
export function startHealthProber(url: string, everyMs: number, measureFrom: number) {
  const worker = new Worker(PROBER, {
    eval: true,
    // Both threads' clocks as wall-clock milliseconds, so the window starts at the same moment.
    workerData: { url, everyMs, measureFrom: performance.timeOrigin + measureFrom },
  })
  return {
    async stop(): Promise<HealthProbes> {
      const answer = new Promise<HealthProbes>((resolve, reject) => {
        worker.once('message', resolve)
        worker.once('error', reject)
      })
      worker.postMessage('stop')
      const probes = await answer
      await worker.terminate()
      return probes
    },
  }
}
