// Errors as the package screen shows them (in the product spec's error shape and wording): the server's
// { message, details?, filenameExists? } when it sent one, else 'cannot {method} {url} ({status})'.
import { TRPCClientError } from '@trpc/client'
import { type ApiError, apiErrorSchema } from '../../shared/api.ts'

/** A response that is not the API's JSON (a proxy's error page, an outage): the error catalogue's wording. */
export class HttpError extends Error {
  constructor(method: string, url: string, status: number) {
    super(`cannot ${method} ${url} (${status})`)
    this.name = 'HttpError'
  }
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof TRPCClientError) {
    const parsed = apiErrorSchema.safeParse((error.data as { apiError?: unknown } | undefined)?.apiError)
    if (parsed.success) return parsed.data
    if (error.cause instanceof HttpError) return { message: error.cause.message }
  }
  return { message: error instanceof Error ? error.message : String(error) }
}
