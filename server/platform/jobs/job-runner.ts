// Runs the jobs this process can do: one loop per kind (or `concurrency` loops), each taking one
// job at a time from the queue (so a slow kind never holds up another), giving it an AbortSignal that fires when its
// time budget is spent, and polling while there is nothing to do. A kind with `everyMs` is
// recurring: it is scheduled at start (once across processes, by its key) and re-scheduled
// when it ends. The request path comes first: beyond the first loop of each kind, the further
// loops (a kind's `concurrency`) share one slot per core but one (job-slots.ts), and a loop
// about to take a job waits while requests are being answered (for at most one poll, so that a
// server busy all day still does its background work).
import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { logger } from '../log/logger.ts'
import type { Job, JobQueue } from './job-queue.ts'
import { createJobSlots } from './job-slots.ts'

export interface JobHandler {
  kind: string
  run(payload: unknown, signal: AbortSignal): Promise<void>
  /** A recurring job: runs this often (the first run comes at start). */
  everyMs?: number
  budgetMs?: number
  maxAttempts?: number
  /** How many jobs of this kind this process runs at once (default 1). */
  concurrency?: number
}

export interface RunnerOptions {
  /**
   * The cores background work may use (default: this machine's): besides one job of each kind,
   * at most this many less one further jobs run at once.
   */
  cores?: number
  /** Whether requests are being answered now (server/platform/jobs/request-load.ts). */
  busy?: () => boolean
}

/** How often a loop that waits for the requests to pass looks again. */
const QUIET_STEP_MS = 20

/** An idle loop looks at the queue every `pollMs` (JOBS_POLL_MS in the product). */
export function startJobRunner(
  queue: JobQueue,
  handlers: JobHandler[],
  pollMs: number,
  options: RunnerOptions = {},
) {
  let running = true
  const slots = createJobSlots((options.cores ?? os.availableParallelism()) - 1)
  async function quiet(): Promise<void> {
    const until = performance.now() + pollMs
    while (running && options.busy?.() && performance.now() < until)
      await new Promise((resolve) => setTimeout(resolve, QUIET_STEP_MS))
  }
  const wakers = new Set<() => void>()
  const pause = () =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer)
        wakers.delete(wake)
        resolve()
      }
      const timer = setTimeout(wake, pollMs)
      wakers.add(wake)
    })

  const recurring = (handler: JobHandler, runAt: number) => ({
    kind: handler.kind,
    key: `recurring:${handler.kind}`,
    payload: {},
    runAt,
    ...(handler.budgetMs ? { budgetMs: handler.budgetMs } : {}),
  })

  async function attempt(handler: JobHandler, job: Job) {
    const controller = new AbortController()
    const overrun = new Promise<never>((_, reject) =>
      controller.signal.addEventListener('abort', () =>
        reject(new Error(`ran past its time budget (${job.budgetMs} ms)`)),
      ),
    )
    const timer = setTimeout(() => controller.abort(), job.budgetMs)
    try {
      await Promise.race([handler.run(job.payload, controller.signal), overrun])
      const next = handler.everyMs ? recurring(handler, queue.now() + handler.everyMs) : undefined
      await queue.complete(job, next)
    } catch (error) {
      if (running) {
        logger.warn({ err: error, job: job.id, kind: job.kind, attempt: job.attempts }, 'A job failed')
        await queue.fail(job, error)
      } else {
        // The shutdown ended it (an audit is stopped, the browser goes with the process group):
        // nothing is wrong with the job, so it keeps its attempts and runs again at the next start.
        logger.info({ job: job.id, kind: job.kind }, 'A job was stopped by the shutdown; it runs again later')
        await queue.release(job)
      }
    } finally {
      clearTimeout(timer)
    }
  }

  // While the queue cannot be read (the database is down), every loop fails at every poll: the
  // first failure is logged, then nothing until a claim answers again, which is logged too.
  let claimFailing = false
  const claim = async (handler: JobHandler) => {
    try {
      const job = await queue.claim([handler.kind])
      if (claimFailing) {
        claimFailing = false
        logger.info('Jobs are taken again')
      }
      return job
    } catch (error) {
      if (!claimFailing) logger.error({ err: error, kind: handler.kind }, 'Cannot take a job')
      claimFailing = true
      return undefined
    }
  }

  async function loop(handler: JobHandler, first: boolean): Promise<void> {
    const take = () => (first ? undefined : slots.take(handler.kind))
    const give = () => (first ? undefined : slots.give(handler.kind))
    if (handler.everyMs && first) await queue.enqueue(recurring(handler, queue.now()))
    while (running) {
      await quiet()
      await take()
      const job = running ? await claim(handler) : undefined
      try {
        if (job) await attempt(handler, job)
      } finally {
        give()
      }
      if (!job && running) await pause()
    }
  }

  const loops = handlers.flatMap((handler) =>
    Array.from({ length: handler.concurrency ?? 1 }, (_, i) => loop(handler, i === 0)),
  )
  return {
    /** Looks for work now instead of at the next poll (a job was just enqueued here). */
    wake(): void {
      for (const wake of [...wakers]) wake()
    },
    /**
     * Takes no more jobs from now on and lets those in progress finish (a job that fails from
     * here on was stopped by the shutdown, not failed), then resolves.
     */
    stop(): Promise<void> {
      running = false
      for (const wake of [...wakers]) wake()
      slots.releaseAll()
      return Promise.all(loops).then(() => undefined)
    },
  }
}

export type JobRunner = ReturnType<typeof startJobRunner>
