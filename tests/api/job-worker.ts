// One app process's job runner, for the job queue test: opens the database the test names
// (DATABASE_URL, or the SQLite file in DATA_DIR), takes `count` jobs and prints `DONE <n>` for
// each, and stops on SIGTERM.
import { parseConfig } from '../../server/parse-config.ts'
import { openDatabase } from '../../server/platform/db/open-database.ts'
import { createJobQueue } from '../../server/platform/jobs/job-queue.ts'
import { startJobRunner } from '../../server/platform/jobs/job-runner.ts'

const db = await openDatabase(parseConfig(process.env))
const runner = startJobRunner(
  createJobQueue(db),
  [
    {
      kind: 'count',
      async run(payload) {
        await new Promise((resolve) => setTimeout(resolve, 5))
        console.log(`DONE ${(payload as { n: number }).n}`)
      },
    },
  ],
  20,
)
console.log('READY')
process.on('SIGTERM', () => {
  void runner
    .stop()
    .then(() => db.close())
    .then(() => process.exit(0))
})
