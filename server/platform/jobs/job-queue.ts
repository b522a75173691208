// Background work in the database, so that it runs once however many app processes share the
// database: a job row is claimed by one process (lockedBy, lockedUntil = now + its time budget),
// deleted when done, retried with a growing delay when it fails, and kept as failed (failedAt)
// after maxAttempts. A process that dies mid-job leaves a lock that expires, and another
// process takes the job again. `key` keeps at most one unfinished job per key.
// The claim is optimistic and dialect-neutral: a candidate row is taken by an UPDATE that
// re-checks it is still free, so two processes never both get it. Uploaders take turns: of the
// due jobs of a kind, the one whose uploader was served longest ago goes first (job_turns), so
// one uploader's pile of slow creatives delays another's job by at most one of them per slot.
// A poll that finds nothing writes nothing, so an idle queue never holds the database's write
// lock that a request's commit may be waiting for.
import { hostname } from 'node:os'
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import type { Database, Orm } from '../db/database.ts'

export interface JobSpec {
  kind: string
  payload: unknown
  /** At most one unfinished job per key (another enqueue with it is dropped). */
  key?: string
  /** Whose work it is (a user's sub): uploaders take turns. Default: the product's own. */
  uploader?: string
  /** Milliseconds since the epoch; default now. */
  runAt?: number
  maxAttempts?: number
  /** How long one attempt may run before it is aborted and its lock lapses. */
  budgetMs?: number
}

export type Job = NonNullable<Awaited<ReturnType<JobQueue['claim']>>>

const DEFAULT_MAX_ATTEMPTS = 3
const DEFAULT_BUDGET_MS = 60_000
const MAX_RETRY_DELAY_MS = 5 * 60_000

export function createJobQueue(db: Database, now: () => number = () => Date.now()) {
  const { jobs, jobTurns } = db.tables
  const worker = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`
  const isFree = (at: number) =>
    and(isNull(jobs.failedAt), or(isNull(jobs.lockedUntil), lt(jobs.lockedUntil, at)))

  /** Jobs whose last attempt's process died: failed for good, their key freed. */
  async function failAbandoned(at: number): Promise<void> {
    const abandoned = and(isFree(at), sql`${jobs.attempts} >= ${jobs.maxAttempts}`)
    const [any] = await db.orm.select({ id: jobs.id }).from(jobs).where(abandoned).limit(1)
    if (!any) return
    await db.write((tx) =>
      tx
        .update(jobs)
        .set({ failedAt: at, key: null, lastError: 'stopped before it finished, on its last attempt' })
        .where(abandoned),
    )
  }

  /** Adds a job; inside a transaction when `tx` is given, so it commits with the write it follows. */
  async function enqueue(spec: JobSpec, tx?: Orm): Promise<void> {
    const row = {
      kind: spec.kind,
      key: spec.key ?? null,
      uploader: spec.uploader ?? '',
      payload: spec.payload ?? {},
      runAt: spec.runAt ?? now(),
      maxAttempts: spec.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      budgetMs: spec.budgetMs ?? DEFAULT_BUDGET_MS,
      createdAt: now(),
    }
    const insert = (orm: Orm) => orm.insert(jobs).values(row).onConflictDoNothing()
    await (tx ? insert(tx) : db.write(insert))
  }

  return {
    worker,
    /** The clock its runs, retries and locks are timed by (a recurring job's next run too). */
    now,

    enqueue,

    /** Takes the next due job of one of `kinds` for this process, if there is one. */
    async claim(kinds: string[]) {
      const at = now()
      await failAbandoned(at)
      const candidates = await db.orm
        .select({ id: jobs.id, kind: jobs.kind, uploader: jobs.uploader })
        .from(jobs)
        .leftJoin(jobTurns, and(eq(jobTurns.kind, jobs.kind), eq(jobTurns.uploader, jobs.uploader)))
        .where(
          and(
            inArray(jobs.kind, kinds),
            lte(jobs.runAt, at),
            isFree(at),
            sql`${jobs.attempts} < ${jobs.maxAttempts}`,
          ),
        )
        .orderBy(sql`coalesce(${jobTurns.servedAt}, 0)`, asc(jobs.runAt), asc(jobs.id))
        .limit(4)
      for (const { id, kind, uploader } of candidates) {
        const [claimed] = await db.write(async (tx) => {
          const taken = await tx
            .update(jobs)
            .set({
              lockedBy: worker,
              lockedUntil: sql`${at} + ${jobs.budgetMs}`,
              attempts: sql`${jobs.attempts} + 1`,
            })
            .where(and(eq(jobs.id, id), isFree(at)))
            .returning()
          if (taken.length > 0)
            await tx
              .insert(jobTurns)
              .values({ kind, uploader, servedAt: at })
              .onConflictDoUpdate({ target: [jobTurns.kind, jobTurns.uploader], set: { servedAt: at } })
          return taken
        })
        if (claimed) return claimed
      }
      return undefined
    },

    /** Done: the row goes (and `next`, a recurring job's next run, comes in the same commit). */
    async complete(job: { id: number }, next?: JobSpec): Promise<void> {
      await db.write(async (tx) => {
        await tx.delete(jobs).where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, worker)))
        if (next) await enqueue(next, tx)
      })
    },

    /** Stopped by this process's shutdown, not failed: free at once for the next process, the attempt given back. */
    async release(job: { id: number }): Promise<void> {
      await db.write((tx) =>
        tx
          .update(jobs)
          .set({ lockedBy: null, lockedUntil: null, attempts: sql`${jobs.attempts} - 1` })
          .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, worker))),
      )
    },

    /** Failed: retried later, or after its last attempt kept as failed with its key freed. */
    async fail(job: { id: number; attempts: number; maxAttempts: number }, error: unknown): Promise<void> {
      const at = now()
      const message = error instanceof Error ? error.message : String(error)
      const last = job.attempts >= job.maxAttempts
      await db.write((tx) =>
        tx
          .update(jobs)
          .set({
            lockedBy: null,
            lockedUntil: null,
            lastError: message.slice(0, 2000),
            ...(last
              ? { failedAt: at, key: null }
              : { runAt: at + Math.min(1000 * 2 ** job.attempts, MAX_RETRY_DELAY_MS) }),
          })
          .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, worker))),
      )
    },
  }
}

export type JobQueue = ReturnType<typeof createJobQueue>
