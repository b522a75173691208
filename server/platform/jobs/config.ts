// How often an idle job loop looks at the queue (server/platform/jobs/job-runner.ts).
import { defineConfigArea } from '../config/config-area.ts'
import { env } from '../config/env.ts'

export const jobsConfig = defineConfigArea(
  {
    JOBS_POLL_MS: env.intWithDefault(1000, 10, 60_000),
  },
  (e) => ({
    /**
     * An idle job loop looks for work this often: how late a job another process enqueued may
     * start, against one small query per loop each time. Tests shorten it instead of waiting.
     */
    pollMs: e.JOBS_POLL_MS,
  }),
)
