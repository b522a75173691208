// How often an idle job loop looks at the queue (server/platform/jobs/job-runner.ts), and which
// part of the work this process does (its role).
import { defineConfigArea } from '../config/config-area.ts'
import { env } from '../config/env.ts'

export const SERVER_ROLES = ['all', 'web', 'worker'] as const
export type ServerRole = (typeof SERVER_ROLES)[number]

export const jobsConfig = defineConfigArea(
  {
    JOBS_POLL_MS: env.intWithDefault(1000, 10, 60_000),
    SERVER_ROLE: env.oneOf(SERVER_ROLES, 'all'),
  },
  (e) => ({
    /**
     * An idle job loop looks for work this often: how late a job another process enqueued may
     * start, against one small query per loop each time. Tests shorten it instead of waiting.
     */
    pollMs: e.JOBS_POLL_MS,
    /**
     * all: answers requests and takes background jobs (one machine). web: answers requests and
     * takes no job (they wait for a worker). worker: takes jobs and answers only /health and
     * /ready, so that web nodes keep their cores for requests.
     */
    role: e.SERVER_ROLE,
  }),
)
