// What the app processes share: the job queue and the secrets every process signs with.
import type { TableKit } from '../sqlite/kit.ts'

export function processTables(k: TableKit) {
  /**
   * Background work every app process may take (platform/jobs/job-queue.ts): a row is claimed by one
   * process until `lockedUntil`, retried until `maxAttempts`. `key` keeps one unfinished job
   * per key (one sweep, one thumbnail per package). `uploader` is whose work it is: each
   * uploader's jobs of a kind take turns with the others' (jobTurns), '' for the product's own.
   */
  const jobs = k.table(
    'jobs',
    {
      id: k.id('id'),
      kind: k.text('kind').notNull(),
      key: k.text('key'),
      uploader: k.text('uploader').notNull().default(''),
      payload: k.json('payload').notNull(),
      runAt: k.long('run_at').notNull(),
      attempts: k.int('attempts').notNull().default(0),
      maxAttempts: k.int('max_attempts').notNull(),
      budgetMs: k.long('budget_ms').notNull(),
      lockedBy: k.text('locked_by'),
      lockedUntil: k.long('locked_until'),
      lastError: k.text('last_error'),
      failedAt: k.long('failed_at'),
      createdAt: k.long('created_at').notNull(),
    },
    (t) => [k.uniqueIndex('jobs_key_unique').on(t.key), k.index('jobs_run_at_idx').on(t.runAt)],
  )

  /**
   * When each uploader's job of a kind was last taken: the queue serves the uploader served
   * longest ago first (round robin), in the database so that every process keeps one order.
   */
  const jobTurns = k.table(
    'job_turns',
    {
      kind: k.text('kind').notNull(),
      uploader: k.text('uploader').notNull(),
      servedAt: k.long('served_at').notNull(),
    },
    (t) => [k.uniqueIndex('job_turns_queue_unique').on(t.kind, t.uploader)],
  )

  /**
   * Keys and secrets shared by every app process on PostgreSQL (the identity provider's keys,
   * the upload-signing secret). On SQLite they stay files in DATA_DIR/keys, as they always were.
   */
  const secrets = k.table('secrets', {
    name: k.text('name').primaryKey(),
    value: k.text('value').notNull(),
    createdAt: k.long('created_at').notNull(),
  })

  return { jobs, jobTurns, secrets }
}
