// SIGTERM (systemd, docker, `kill`, npm passing it on) and SIGINT (Ctrl-C) stop the server the
// same way: requests in flight finish, the database closes, exit 0; after 10 s it exits anyway.
import process from 'node:process'
import { logger } from '../../platform/log/logger.ts'

const GRACE_MS = 10_000

export function stopOnSignals(close: () => Promise<void>): void {
  let stopping = false
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return
      stopping = true
      logger.info({ signal }, `${signal}: finishing requests in flight, then stopping`)
      setTimeout(() => {
        logger.error(`Requests were still running after ${GRACE_MS / 1000} s: stopping anyway`)
        process.exit(1)
      }, GRACE_MS).unref()
      close().then(
        () => {
          logger.info('Stopped')
          process.exit(0)
        },
        (error: unknown) => {
          logger.error({ err: error }, 'Stopping failed')
          process.exit(1)
        },
      )
    })
  }
}
