// The job queue on the real database (SQLite, and PostgreSQL in the postgres project): a job runs
// once however many app processes take jobs, a failing one is retried and then kept as failed,
// one that overruns its time budget is aborted, one whose process died is taken again, and one the
// shutdown stops is given back unfailed.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { testDatabaseEnv } from '../../../tests/helpers/test-database.ts'
import { parseConfig } from '../../parse-config.ts'
import type { Database } from '../db/database.ts'
import { openDatabase } from '../db/open-database.ts'
import { configureLogger } from '../log/logger.ts'
import { createJobQueue } from './job-queue.ts'
import { startJobRunner } from './job-runner.ts'

let dataDir: string
let env: Record<string, string>
let db: Database

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-jobs-'))
  env = { DATA_DIR: dataDir, ...(await testDatabaseEnv()) }
  db = await openDatabase(parseConfig(env))
})
afterEach(async () => {
  await db.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** An app process taking `count` jobs; answers the numbers it did, once stopped. */
function workerProcess() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/api/job-worker.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const done: number[] = []
  let ready: () => void
  const started = new Promise<void>((resolve) => {
    ready = resolve
  })
  child.stdout.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (line === 'READY') ready()
      const match = /^DONE (\d+)$/.exec(line)
      if (match) done.push(Number(match[1]))
    }
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const stop = () => {
    child.kill('SIGTERM')
    return exited
  }
  return { done, started, stop }
}

// This process and another (Node loading the job runner through tsx, most of the time here) take
// jobs from the same database, each on its own connection: 12 s on SQLite and 21 s on PostgreSQL
// measured beside other suites on 2 cores (load average 30), where two such processes took
// 15.5-35 s; budget 45 s.
it('runs each job once, with two app processes taking jobs from the same database', async () => {
  const queue = createJobQueue(db)
  const other = workerProcess()
  await other.started
  const here: number[] = []
  const runner = startJobRunner(
    createJobQueue(db),
    [
      {
        kind: 'count',
        async run(payload) {
          await new Promise((resolve) => setTimeout(resolve, 5))
          here.push((payload as { n: number }).n)
        },
      },
    ],
    20,
  )
  for (let n = 0; n < 40; n++) await queue.enqueue({ kind: 'count', payload: { n } })
  await expect.poll(() => here.length + other.done.length, { timeout: 10_000, interval: 50 }).toBe(40)
  await Promise.all([runner.stop(), other.stop()])
  const all = [...here, ...other.done].sort((a, b) => a - b)
  expect(all).toEqual(Array.from({ length: 40 }, (_, n) => n))
  console.log(`jobs taken per process: ${here.length} here and ${other.done.length} in the other`)
  expect(await db.orm.select().from(db.tables.jobs)).toEqual([])
}, 45_000)

it('keeps one unfinished job per key', async () => {
  const queue = createJobQueue(db)
  await queue.enqueue({ kind: 'k', key: 'only-one', payload: { n: 1 } })
  await queue.enqueue({ kind: 'k', key: 'only-one', payload: { n: 2 } })
  expect(await db.orm.select({ payload: db.tables.jobs.payload }).from(db.tables.jobs)).toEqual([
    { payload: { n: 1 } },
  ])
})

it('retries a failing job with a delay, then keeps it as failed with its key freed', async () => {
  let clock = 1_000_000
  const queue = createJobQueue(db, () => clock)
  await queue.enqueue({ kind: 'flaky', key: 'flaky', payload: {}, maxAttempts: 2 })
  const first = await queue.claim(['flaky'])
  expect(first?.attempts).toBe(1)
  await queue.fail(first!, new Error('first try'))
  expect(await queue.claim(['flaky'])).toBeUndefined()
  clock += 2_001
  const second = await queue.claim(['flaky'])
  expect(second?.attempts).toBe(2)
  await queue.fail(second!, new Error('second try'))
  clock += 60_000
  expect(await queue.claim(['flaky'])).toBeUndefined()
  const [row] = await db.orm.select().from(db.tables.jobs)
  expect(row).toMatchObject({ key: null, lastError: 'second try', attempts: 2 })
  expect(row?.failedAt).toBeGreaterThan(0)
  await queue.enqueue({ kind: 'flaky', key: 'flaky', payload: {} })
  expect((await db.orm.select().from(db.tables.jobs)).length).toBe(2)
})

it("aborts a job past its time budget, and another process takes a dead process's job when its lock lapses", async () => {
  const queue = createJobQueue(db)
  await queue.enqueue({ kind: 'slow', payload: {}, budgetMs: 200, maxAttempts: 2 })
  const aborted: string[] = []
  const runner = startJobRunner(
    queue,
    [
      {
        kind: 'slow',
        run: (_payload, signal) =>
          new Promise<void>((_resolve, reject) => {
            signal.addEventListener('abort', () => {
              aborted.push('aborted')
              reject(signal.reason)
            })
          }),
      },
    ],
    20,
  )
  await expect.poll(() => aborted.length, { timeout: 2_000 }).toBe(1)
  await runner.stop()
  const [failed] = await db.orm.select().from(db.tables.jobs)
  expect(failed?.lastError).toMatch(/time budget/)

  // A process that claimed a job and died: its lock lapses and another process's queue takes it.
  await db.write((tx) => tx.delete(db.tables.jobs))
  let clock = 5_000_000
  const dead = createJobQueue(db, () => clock)
  const alive = createJobQueue(db, () => clock)
  await dead.enqueue({ kind: 'k', payload: {}, budgetMs: 1000 })
  expect((await dead.claim(['k']))?.lockedBy).toBe(dead.worker)
  expect(await alive.claim(['k'])).toBeUndefined()
  clock += 1001
  expect((await alive.claim(['k']))?.lockedBy).toBe(alive.worker)
})

it('gives a job the shutdown stops back to the queue with its attempt, and logs it as no failure', async () => {
  const queue = createJobQueue(db)
  await queue.enqueue({ kind: 'long', payload: {}, maxAttempts: 1 })
  const shutdown = new AbortController()
  let started = false
  const runner = startJobRunner(
    queue,
    [
      {
        kind: 'long',
        run: () =>
          new Promise<void>((_resolve, reject) => {
            started = true
            shutdown.signal.addEventListener('abort', () => reject(new Error('the server is shutting down')))
          }),
      },
    ],
    20,
  )
  await expect.poll(() => started).toBe(true)
  const logged: { level: string; msg: string }[] = []
  const restore = configureLogger({ level: 'info', format: 'json' }, (line) => logged.push(JSON.parse(line)))
  try {
    const stopped = runner.stop()
    shutdown.abort()
    await stopped
  } finally {
    restore()
  }
  expect(logged.map(({ level, msg }) => `${level}: ${msg}`)).toEqual([
    'info: A job was stopped by the shutdown; it runs again later',
  ])
  const [row] = await db.orm.select().from(db.tables.jobs)
  expect(row).toMatchObject({ attempts: 0, lockedBy: null, failedAt: null, lastError: null })
  expect((await createJobQueue(db).claim(['long']))?.attempts).toBe(1)
})

it("takes an honest uploader's job next while six of another uploader's jobs spin, in any process", async () => {
  let clock = 7_000_000
  const here = createJobQueue(db, () => clock)
  const elsewhere = createJobQueue(db, () => clock)
  for (let n = 0; n < 6; n++) await here.enqueue({ kind: 'render', uploader: 'spinner', payload: { n } })
  const spinning = await here.claim(['render'])
  expect(spinning?.uploader).toBe('spinner')
  clock += 1
  await here.enqueue({ kind: 'render', uploader: 'honest', payload: { n: 0 } })
  await here.enqueue({ kind: 'render', uploader: 'honest', payload: { n: 1 } })
  await here.enqueue({ kind: 'render', payload: { n: 0 } })
  // Five of the spinner's still wait, older than the honest ones: the turns, kept in the
  // database, decide, whichever process claims.
  const order: string[] = []
  for (let taken = 0; taken < 8; taken++) {
    clock += 1
    const job = await (taken % 2 ? here : elsewhere).claim(['render'])
    order.push(`${job?.uploader || 'product'} ${(job?.payload as { n: number } | undefined)?.n}`)
  }
  expect(order).toEqual([
    'honest 0',
    'product 0',
    'spinner 1',
    'honest 1',
    'spinner 2',
    'spinner 3',
    'spinner 4',
    'spinner 5',
  ])
})

it("takes no write lock while it finds nothing to take, so a request's commit never waits for an idle poll", async () => {
  let writes = 0
  const counted: Database = {
    ...db,
    write: (work) => {
      writes++
      return db.write(work)
    },
  }
  const queue = createJobQueue(counted)
  await queue.enqueue({ kind: 'later', payload: {}, runAt: Date.now() + 60_000 })
  writes = 0
  for (let poll = 0; poll < 5; poll++) expect(await queue.claim(['later', 'other'])).toBeUndefined()
  expect(writes).toBe(0)
})
