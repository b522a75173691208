// The typed API client: every call carries the bearer token (waiting for a refresh in flight),
// and a 401 refreshes the session and retries once (spec 6).
import { createTRPCClient, httpBatchLink } from '@trpc/client'
import { createTRPCContext } from '@trpc/tanstack-react-query'
import type { AppRouter } from '../../server/trpc/router.ts'
import { API } from '../../shared/paths.ts'
import { getAccessToken, refreshAccessToken } from '../auth/access-token.ts'

export const { TRPCProvider, useTRPC, useTRPCClient } = createTRPCContext<AppRouter>()

async function fetchWithRefresh(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const response = await fetch(input, { ...init, credentials: 'same-origin' })
  if (response.status !== 401) return response
  const token = await refreshAccessToken()
  const headers = new Headers(init?.headers)
  headers.set('Authorization', `Bearer ${token}`)
  return fetch(input, { ...init, headers, credentials: 'same-origin' })
}

export function createApiClient() {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: API.trpc,
        headers: async () => ({ Authorization: `Bearer ${await getAccessToken()}` }),
        fetch: fetchWithRefresh,
      }),
    ],
  })
}

export type ApiClient = ReturnType<typeof createApiClient>
