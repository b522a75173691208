// How much the server logs and in which form.

import { defineConfigArea } from '../config/config-area.ts'
import { env } from '../config/env.ts'

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const
export type LogLevel = (typeof LOG_LEVELS)[number]

export const logConfig = defineConfigArea(
  {
    LOG_LEVEL: env.oneOf(LOG_LEVELS, 'info'),
    LOG_FORMAT: env.oneOf(['auto', 'json', 'text'], 'auto'),
  },
  (e) => ({
    level: e.LOG_LEVEL,
    /** auto: text on a terminal, one JSON object a line otherwise (journald, docker, a file). */
    format: e.LOG_FORMAT,
  }),
)

export type LogSettings = ReturnType<typeof logConfig.read>
