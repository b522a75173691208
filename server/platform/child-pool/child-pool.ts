// A capped pool of child processes for work that must not cost the parent its memory or its
// event loop (a package built to be expensive to inspect): each child's heap is capped and each
// piece of work has a time limit; past either the child is killed, the caller learns which limit
// it broke, and the next piece of work gets a fresh child. A process rather than a worker thread:
// a worker's heap limit is best effort and can abort the whole parent (nodejs/node#47224). The
// time limit starts once the child is ready, so a slow start on a loaded machine is not held
// against the work. Used by the server's validation and by `ads-preview check`. A pool kept
// warm (`warm()`) has a child started and ready before work comes, and starts the next one as
// soon as one is taken or killed, so no request waits for a Node process to boot.
import type { ChildProcess } from 'node:child_process'
import os from 'node:os'
import { ranOutOfHeap, type SpawnChild, type StartedChild, setIdle, startChild } from './start-child.ts'

export { lastLine, type SpawnChild } from './start-child.ts'

export interface ChildLimits {
  /** Per piece of work, from the moment a ready child takes it. */
  timeMs: number
  /** The V8 heap of each child. */
  heapMb: number
}

export interface ChildPoolOptions {
  spawn: SpawnChild
  limits: ChildLimits
  /** What a child sends once it can take work. */
  readyMessage: unknown
  /** At most this many children at once (the others wait); one per core unless said. */
  size?: number
  /** Add the heap cap to this process's NODE_OPTIONS rather than replace them. */
  inheritNodeOptions?: boolean
}

/** Work that ended without an answer; the child was killed. `started`: it had said it was ready. */
export interface ChildEnded {
  ended: 'time' | 'memory' | 'crash'
  /** The tail of the child's stderr. */
  detail: string
  started: boolean
}

export type ChildOutcome<T> = { answered: T } | ChildEnded

/**
 * Sends the work to a ready child and listens for its answer; `answer(value, keep)` ends it, and
 * `keep: false` kills the child (its state can no longer be trusted). Returns what stops listening.
 */
export type Exchange<T> = (child: ChildProcess, answer: (value: T, keep?: boolean) => void) => () => void

function endedBy(worker: StartedChild, started: boolean): ChildEnded {
  const detail = worker.stderr()
  return { ended: ranOutOfHeap(detail) ? 'memory' : 'crash', detail, started }
}

function within<T>(worker: StartedChild, timeMs: number, exchange: Exchange<T>): Promise<ChildOutcome<T>> {
  const { child } = worker
  return new Promise((resolve) => {
    let stopListening = () => {}
    const settle = (outcome: ChildOutcome<T>, keep: boolean) => {
      clearTimeout(timer)
      child.off('exit', onExit)
      stopListening()
      if (!keep) child.kill('SIGKILL')
      resolve(outcome)
    }
    const timer = setTimeout(() => settle({ ended: 'time', detail: '', started: true }, false), timeMs)
    const onExit = () => settle(endedBy(worker, true), false)
    child.once('exit', onExit)
    if (!child.connected) onExit()
    else stopListening = exchange(child, (answered, keep = true) => settle({ answered }, keep))
  })
}

/** Children are started when work needs one and kept for the next piece unless a limit killed them. */
export function createChildPool(options: ChildPoolOptions) {
  const { limits } = options
  const idle: StartedChild[] = []
  const all = new Set<StartedChild>()
  const waiting: (() => void)[] = []
  let free = Math.max(1, options.size ?? os.availableParallelism())
  let warmCount = 0

  function start(): StartedChild {
    const started = startChild({ ...options, heapMb: limits.heapMb })
    all.add(started)
    started.child.once('exit', () => {
      all.delete(started)
      const at = idle.indexOf(started)
      if (at >= 0) idle.splice(at, 1)
    })
    return started
  }

  /** Starts idle children until `warmCount` wait for work. */
  function refill(): void {
    while (idle.length < warmCount) {
      const started = start()
      setIdle(started, true)
      idle.push(started)
    }
  }

  async function take(): Promise<StartedChild> {
    if (free > 0) free--
    else await new Promise<void>((resolve) => waiting.push(resolve))
    const kept = idle.shift()
    refill()
    return kept ?? start()
  }

  function give(worker: StartedChild): void {
    // A child a limit just killed has not exited yet (the signal is delivered later): `killed`
    // says so at once, and the next piece of work must not be handed to it.
    const { child } = worker
    if (!child.killed && child.exitCode === null && child.signalCode === null) {
      setIdle(worker, true)
      idle.push(worker)
    }
    const next = waiting.shift()
    if (next) next()
    else free++
    refill()
  }

  return {
    /** Keeps `count` children started and idle from now on (one unless said). */
    warm(count = 1): void {
      warmCount = count
      refill()
    },
    async run<T>(exchange: Exchange<T>): Promise<ChildOutcome<T>> {
      const worker = await take()
      try {
        setIdle(worker, false)
        if (!(await worker.ready)) return endedBy(worker, false)
        return await within(worker, limits.timeMs, exchange)
      } finally {
        give(worker)
      }
    },
    close(): void {
      warmCount = 0
      for (const worker of all) worker.child.kill('SIGKILL')
    },
  }
}
