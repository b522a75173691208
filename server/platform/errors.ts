// One table of error codes (uploadthing's pattern): the client sees `message` (and `details`,
// `filenameExists` where they apply); the log sees the cause.
import type { ApiError } from '../../shared/api.ts'

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  GONE: 410,
  INSUFFICIENT_STORAGE: 507,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_SERVER_ERROR: 500,
} as const
export type ErrorCode = keyof typeof ERROR_STATUS

export class AppError extends Error {
  readonly code: ErrorCode
  readonly body: ApiError

  constructor(
    code: ErrorCode,
    message: string,
    extra: Omit<ApiError, 'message'> = {},
    options?: ErrorOptions,
  ) {
    super(message, options)
    this.name = 'AppError'
    this.code = code
    this.body = { message, ...extra }
  }

  get status(): number {
    return ERROR_STATUS[this.code]
  }
}
