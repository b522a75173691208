// What the browser keeps between visits (the stored-session fields the product spec names): the three entries
// in localStorage, and the login transactions (state, nonce, where to go back) that a callback
// must match. Storage is injectable so the logic is testable outside a browser.

export interface StoredSession {
  accessToken: string
  idToken: string
  /** Milliseconds since the epoch. */
  expiresAt: number
}

export interface LoginTransaction {
  state: string
  nonce: string
  returnTo: string
  createdAt: number
  codeVerifier?: string
}

export const SESSION_KEYS = {
  accessToken: 'access_token',
  idToken: 'id_token',
  expiresAt: 'expires_at',
} as const
const TRANSACTION_PREFIX = 'ads-preview.auth.tx.'

export function readSession(storage: Storage): StoredSession | null {
  const accessToken = storage.getItem(SESSION_KEYS.accessToken)
  const idToken = storage.getItem(SESSION_KEYS.idToken)
  const expiresAt = Number(storage.getItem(SESSION_KEYS.expiresAt))
  if (!accessToken || !idToken || !Number.isFinite(expiresAt)) return null
  return { accessToken, idToken, expiresAt }
}

/** expires_at = now + expiresIn seconds × 1000 (seconds from the provider, milliseconds for Date). */
export function writeSession(
  storage: Storage,
  tokens: { accessToken: string; idToken: string; expiresIn: number },
  now: number,
): StoredSession {
  const session = {
    accessToken: tokens.accessToken,
    idToken: tokens.idToken,
    expiresAt: now + tokens.expiresIn * 1000,
  }
  storage.setItem(SESSION_KEYS.accessToken, session.accessToken)
  storage.setItem(SESSION_KEYS.idToken, session.idToken)
  storage.setItem(SESSION_KEYS.expiresAt, String(session.expiresAt))
  return session
}

export function clearSession(storage: Storage): void {
  for (const key of Object.values(SESSION_KEYS)) storage.removeItem(key)
}

/** The product spec: the session is valid only while the current time is before expires_at. */
export function isSessionValid(session: StoredSession | null, now: number): boolean {
  return session !== null && now < session.expiresAt
}

export function saveTransaction(storage: Storage, transaction: LoginTransaction): void {
  storage.setItem(TRANSACTION_PREFIX + transaction.state, JSON.stringify(transaction))
}

/** The transaction a callback's state names, removed as it is read (one use); expired ones are dropped. */
export function takeTransaction(
  storage: Storage,
  state: string | null,
  now: number,
  maxAgeMs: number,
): LoginTransaction | null {
  for (let i = storage.length - 1; i >= 0; i--) {
    const key = storage.key(i)
    if (!key?.startsWith(TRANSACTION_PREFIX)) continue
    try {
      const stored = JSON.parse(storage.getItem(key) ?? '') as LoginTransaction
      if (now - stored.createdAt > maxAgeMs) storage.removeItem(key)
    } catch {
      storage.removeItem(key)
    }
  }
  if (!state) return null
  const raw = storage.getItem(TRANSACTION_PREFIX + state)
  storage.removeItem(TRANSACTION_PREFIX + state)
  return raw ? (JSON.parse(raw) as LoginTransaction) : null
}

/**
 * The profile decoded from the stored id token, or {} when there is none (a missing token is a
 * signed-out visitor, not an error).
 */
export function profileFromIdToken(idToken: string | null): { email?: string; name?: string; sub?: string } {
  if (!idToken) return {}
  try {
    const payload = idToken.split('.')[1] ?? ''
    const binary = atob(payload.replace(/-/g, '+').replace(/_/g, '/'))
    return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))) as {
      email?: string
    }
  } catch {
    return {}
  }
}
