// Errors as the package screen shows them (in the product spec's error shape and wording): the server's
// { message, details?, filenameExists? } when it sent one, else 'cannot {method} {url} ({status})'.
import { TRPCClientError } from '@trpc/client'
import type { ApiError } from '../../shared/api.ts'

/** A response that is not the API's JSON (a proxy's error page, an outage): the error catalogue's wording. */
export class HttpError extends Error {
  constructor(method: string, url: string, status: number) {
    super(`cannot ${method} ${url} (${status})`)
    this.name = 'HttpError'
  }
}

/**
 * The API's error body, or undefined for anything else. By hand, not by apiErrorSchema: the
 * server's answers are held to that schema by the OpenAPI test, and zod would add 8 KB gzip to
 * /main's first load for this.
 */
export function readApiError(body: unknown): ApiError | undefined {
  if (typeof body !== 'object' || body === null) return undefined
  const { message, details, filenameExists, accessDenied } = body as Record<string, unknown>
  if (typeof message !== 'string') return undefined
  return {
    message,
    ...(Array.isArray(details) && details.every((line) => typeof line === 'string') ? { details } : {}),
    ...(typeof filenameExists === 'boolean' ? { filenameExists } : {}),
    ...(typeof accessDenied === 'boolean' ? { accessDenied } : {}),
  }
}

export function toApiError(error: unknown): ApiError {
  if (error instanceof TRPCClientError) {
    const apiError = readApiError((error.data as { apiError?: unknown } | undefined)?.apiError)
    if (apiError) return apiError
    if (error.cause instanceof HttpError) return { message: error.cause.message }
  }
  return { message: error instanceof Error ? error.message : String(error) }
}
