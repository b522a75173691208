// The bearer token for API calls, for code outside React (the tRPC link, the upload flow).
// main.tsx registers the app's one Auth instance at start.
import type { Auth } from './auth-store.ts'

let active: Auth | null = null

export function registerAuth(auth: Auth): void {
  active = auth
}

function requireAuth(): Auth {
  if (!active) throw new Error('Authentication is not initialised')
  return active
}

/**
 * Waits for a refresh in flight and refreshes an expired session first, so no call leaves with a
 * stale token.
 */
export function getAccessToken(): Promise<string> {
  return requireAuth().getAccessToken()
}

/** After a 401: refresh the session, then the caller retries once with the new token. */
export function refreshAccessToken(): Promise<string> {
  return requireAuth().refresh()
}

/** The server's access policy refused the signed-in user (a 403 with accessDenied). */
export function denyAccess(message: string): void {
  requireAuth().denyAccess(message)
}
