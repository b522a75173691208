// What the app processes share: the job queue and the secrets every process signs with.
import type { TableKit } from '../sqlite/kit.ts'

export function processTables(k: TableKit) {
  /**
   * Background work every app process may take (platform/jobs/job-queue.ts): a row is claimed by one
   * process until `lockedUntil`, retried until `maxAttempts`. `key` keeps one unfinished job
   * per key (one sweep, one thumbnail per package).
   */
  const jobs = k.table(
    'jobs',
    {
      id: k.id('id'),
      kind: k.text('kind').notNull(),
      key: k.text('key'),
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
   * Keys and secrets shared by every app process on PostgreSQL (the identity provider's keys,
   * the upload-signing secret). On SQLite they stay files in DATA_DIR/keys, as they always were.
   */
  const secrets = k.table('secrets', {
    name: k.text('name').primaryKey(),
    value: k.text('value').notNull(),
    createdAt: k.long('created_at').notNull(),
  })

  return { jobs, secrets }
}
