// The runner's yielding to the request path, against an in-memory queue: one job of each kind
// and one further job per core but one at once, and no job taken while requests are being answered (for at most
// one poll).
import { expect, it } from 'vitest'
import type { Job, JobQueue } from './job-queue.ts'
import { type JobHandler, startJobRunner } from './job-runner.ts'

/** A queue holding `count` jobs of each kind, counting claims. */
function queueOf(kinds: string[], count: number) {
  const waiting = kinds.flatMap((kind) => Array.from({ length: count }, (_, id) => ({ kind, id })))
  const queue = {
    now: () => Date.now(),
    async enqueue() {},
    async claim(wanted: string[]) {
      const at = waiting.findIndex((job) => wanted.includes(job.kind))
      if (at < 0) return undefined
      const [job] = waiting.splice(at, 1)
      return { ...job, payload: {}, budgetMs: 60_000, attempts: 1, maxAttempts: 1 } as unknown as Job
    },
    async complete() {},
    async fail() {},
    async release() {},
  }
  return { queue: queue as unknown as JobQueue, waiting }
}

it('runs one job of each kind, and at most one further job per core but one', async () => {
  const { queue, waiting } = queueOf(['thumbnail', 'audit', 'sweep'], 3)
  let running = 0
  let most = 0
  const finishers: (() => void)[] = []
  const handler = (kind: string): JobHandler => ({
    kind,
    concurrency: 2,
    run: () =>
      new Promise<void>((resolve) => {
        running++
        most = Math.max(most, running)
        finishers.push(() => {
          running--
          resolve()
        })
      }),
  })
  const runner = startJobRunner(queue, ['thumbnail', 'audit', 'sweep'].map(handler), 10, { cores: 2 })
  for (let done = 0; done < 9; done++) {
    await expect.poll(() => finishers.length).toBeGreaterThan(0)
    expect(running).toBeLessThanOrEqual(4)
    finishers.shift()?.()
  }
  await expect.poll(() => waiting.length).toBe(0)
  await runner.stop()
  expect(most).toBe(4)
})

it('takes no job while requests are being answered, then takes it as they pass', async () => {
  const { queue, waiting } = queueOf(['thumbnail'], 1)
  let busy = true
  let asked = 0
  const ran: number[] = []
  const runner = startJobRunner(queue, [{ kind: 'thumbnail', run: async () => void ran.push(1) }], 60_000, {
    busy: () => {
      asked++
      return busy
    },
  })
  await expect.poll(() => asked).toBeGreaterThan(3)
  expect(waiting).toHaveLength(1)
  busy = false
  await expect.poll(() => ran).toEqual([1])
  await runner.stop()
})

it('takes a job after one poll however busy the requests keep it, so background work still gets done', async () => {
  const { queue } = queueOf(['thumbnail'], 1)
  const ran: number[] = []
  let asked = 0
  const runner = startJobRunner(queue, [{ kind: 'thumbnail', run: async () => void ran.push(1) }], 100, {
    busy: () => {
      asked++
      return true
    },
  })
  await expect.poll(() => ran).toEqual([1])
  await runner.stop()
  expect(asked).toBeGreaterThan(1)
})
