// The one mapping from an error to what the caller sees, used by REST (app.onError) and tRPC
// (its formatter and response status) alike: an AppError answers its status and body; a full
// database answers 507 as a full disk does, one that does not answer 503; anything else is a
// 500 whose cause goes to the log.
import type { ApiError } from '../../../shared/api.ts'
import { MESSAGES } from '../../../shared/constants.ts'
import { isDatabaseFull } from '../db/database-full.ts'
import { isDatabaseUnreachable } from '../db/database-unreachable.ts'
import { AppError } from '../errors.ts'

export interface ErrorAnswer {
  status: number
  body: ApiError
  /** Not one of ours: log it with its cause. */
  unexpected: boolean
}

export function errorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof AppError) return { status: error.status, body: error.body, unexpected: false }
  if (isDatabaseFull(error))
    return { status: 507, body: { message: MESSAGES.databaseFull }, unexpected: true }
  if (isDatabaseUnreachable(error))
    return { status: 503, body: { message: MESSAGES.databaseUnreachable }, unexpected: true }
  return { status: 500, body: { message: 'Internal server error' }, unexpected: true }
}
