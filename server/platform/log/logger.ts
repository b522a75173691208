// The server's one logger (pino): `import { logger } from './logger.ts'`, then
// `logger.info({ uuid }, 'Package created')`, `logger.error({ err }, 'What failed')`. Never
// console: a record has a time, a level and the request's id, is JSON when stdout is not a
// terminal (journald, docker, a file) and one escaped line of text when it is.
import process from 'node:process'
import pino from 'pino'
import type { LogSettings } from './config.ts'
import { currentRequest } from './request-context.ts'
import { formatTextRecord } from './text-format.ts'

type Write = (line: string) => void

const toStdout: Write = (line) => {
  process.stdout.write(line)
}
const isText = (format: LogSettings['format']) =>
  format === 'text' || (format === 'auto' && process.stdout.isTTY === true)
const sinkFor = (format: LogSettings['format'], write: Write): Write =>
  isText(format) ? (line) => write(formatTextRecord(line)) : write

let sink = sinkFor('auto', toStdout)

export const logger = pino(
  {
    level: 'info',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin: () => currentRequest() ?? {},
  },
  { write: (line: string) => sink(line) },
)

/**
 * Applies LOG_LEVEL and LOG_FORMAT once the configuration is parsed; tests pass their own `write`
 * and call the answer to put back the level and sink that were there before.
 */
export function configureLogger(settings: LogSettings, write: Write = toStdout): () => void {
  const before = { level: logger.level, sink }
  logger.level = settings.level
  sink = sinkFor(settings.format, write)
  return () => {
    logger.level = before.level
    sink = before.sink
  }
}
