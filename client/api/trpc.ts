// The typed API client: every call carries the bearer token (waiting for a refresh in flight), and
// a 401 refreshes the session and retries once (an expired token is the usual cause). A 403 from
// the access policy is not a session problem: no refresh, no new login, the app shows why access is
// refused.
import { createTRPCClient, httpBatchLink } from '@trpc/client'
import { createTRPCContext } from '@trpc/tanstack-react-query'
import type { AppRouter } from '../../server/api/trpc/router.ts'
import { TRPC_MAX_BATCH_SIZE } from '../../shared/constants.ts'
import { API } from '../../shared/paths.ts'
import { denyAccess, getAccessToken, refreshAccessToken } from '../auth/access-token.ts'
import { HttpError, readApiError } from './api-error.ts'

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>()

async function fetchWithRefresh(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  let response = await fetch(input, { ...init, credentials: 'same-origin' })
  if (response.status === 401) {
    const token = await refreshAccessToken()
    const headers = new Headers(init?.headers)
    headers.set('Authorization', `Bearer ${token}`)
    response = await fetch(input, { ...init, headers, credentials: 'same-origin' })
  }
  if (response.status === 403) {
    const refusal = readApiError(
      await response
        .clone()
        .json()
        .catch(() => null),
    )
    if (refusal?.accessDenied) denyAccess(refusal.message)
  }
  if (!response.ok && !response.headers.get('content-type')?.includes('application/json')) {
    const url = new URL(
      typeof input === 'string' || input instanceof URL ? input : input.url,
      window.location.href,
    )
    throw new HttpError(init?.method ?? 'GET', url.pathname, response.status)
  }
  return response
}

export function createApiClient() {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: API.trpc,
        maxItems: TRPC_MAX_BATCH_SIZE,
        headers: async () => ({ Authorization: `Bearer ${await getAccessToken()}` }),
        fetch: fetchWithRefresh,
      }),
    ],
  })
}

export type ApiClient = ReturnType<typeof createApiClient>
