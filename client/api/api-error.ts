// Errors as the package screen shows them (spec 3 "Error responses", spec 8): the server's
// { message, details?, filenameExists? } when it sent one, else 'cannot {method} {url} ({status})'.
import { TRPCClientError } from '@trpc/client'
import { type ApiError, apiErrorSchema } from '../../shared/api.ts'

export function httpErrorMessage(method: string, url: string, status: number): string {
  return `cannot ${method} ${url} (${status})`
}

export function toApiError(error: unknown, fallback: { method: string; url: string }): ApiError {
  if (error instanceof TRPCClientError) {
    const parsed = apiErrorSchema.safeParse((error.data as { apiError?: unknown } | undefined)?.apiError)
    if (parsed.success) return parsed.data
    const status = (error.meta?.response as Response | undefined)?.status
    if (status) return { message: httpErrorMessage(fallback.method, fallback.url, status) }
  }
  return { message: error instanceof Error ? error.message : String(error) }
}
