// The authentication state machine of the product spec (all seven of its points) as a small
// store outside React: login, callback, logout, silent refresh and its timer. Components read
// it with useAuth(); the API client calls getAccessToken().
import type { ClientConfig } from '../../shared/api.ts'
import { RANDOM_STATE_LENGTH, TRANSACTION_EXPIRY_MS } from '../../shared/constants.ts'
import { ROUTES } from '../../shared/paths.ts'
import { type AuthorizationResponse, authorizeUrl, codeChallenge, fromParams } from './authorize.ts'
import { AuthError } from './errors.ts'
import { verifyIdToken } from './id-token.ts'
import { type KeyLookup, remoteKeys } from './jws.ts'
import { randomString } from './random.ts'
import {
  clearSession,
  isSessionValid,
  profileFromIdToken,
  readSession,
  type StoredSession,
  saveTransaction,
  takeTransaction,
  writeSession,
} from './session-storage.ts'

export interface AuthState {
  isAuthenticated: boolean
  user: { email?: string; name?: string; sub?: string } | null
  errorMessage: string | null
  errorDetails: string | null
  loggedOut: boolean
  loginInitialized: boolean
  validatingToken: boolean
  refreshingToken: boolean
  /** The server's access policy refused this signed-in user (403): why, as it said. */
  accessDenied: string | null
}

export const REFRESH_FAILED_MESSAGE = 'Failed to refresh token'
const LOGGED_OUT_FLAG = 'ads-preview.auth.logged-out'
const RETURN_TO_KEY = 'ads-preview.auth.return-to'

export interface AuthDeps {
  auth: ClientConfig['auth']
  storage: Storage
  /** Survives the provider's logout redirect, not the tab. */
  sessionStore: Storage
  /** A full-page navigation (the provider's pages). */
  redirect: (url: string) => void
  silentAuthorize: (url: string, issuer: string) => Promise<AuthorizationResponse>
  keys?: KeyLookup
  now?: () => number
  /** For the code flow's token request. */
  fetch?: typeof fetch
  /** Where the user is in the app (a route with its query), to come back to after a new sign-in. */
  here?: () => string
  /** Calls back when another tab changes the shared storage (signs in, refreshes, signs out). */
  watchStorage?: (changed: () => void) => void
}

export type Auth = ReturnType<typeof createAuth>

function fromTokenResponse(
  body: Record<string, string | number | undefined>,
): Omit<AuthorizationResponse, 'state'> {
  const { state: _state, ...tokens } = fromParams((name) =>
    body[name] === undefined ? undefined : String(body[name]),
  )
  return tokens
}

export function createAuth(deps: AuthDeps) {
  const now = deps.now ?? Date.now
  const keys = deps.keys ?? remoteKeys(deps.auth.jwksUri)
  const listeners = new Set<() => void>()
  let refreshPromise: Promise<string> | null = null
  let refreshTimer: ReturnType<typeof setTimeout> | undefined

  const stored = readSession(deps.storage)
  const justLoggedOut = deps.sessionStore.getItem(LOGGED_OUT_FLAG) === '1'
  deps.sessionStore.removeItem(LOGGED_OUT_FLAG)
  let state: AuthState = {
    isAuthenticated: isSessionValid(stored, now()),
    user: isSessionValid(stored, now()) ? profileFromIdToken(stored?.idToken ?? null) : null,
    errorMessage: null,
    errorDetails: null,
    loggedOut: justLoggedOut,
    loginInitialized: false,
    validatingToken: false,
    refreshingToken: false,
    accessDenied: null,
  }

  function set(patch: Partial<AuthState>): void {
    state = { ...state, ...patch }
    for (const listener of listeners) listener()
  }

  const usesCode = deps.auth.flow === 'code'

  /** Code flow: the code and the PKCE verifier buy the tokens at the token endpoint. */
  async function exchangeCode(code: string, codeVerifier: string): Promise<AuthorizationResponse> {
    if (!deps.auth.tokenEndpoint)
      throw new AuthError('invalid_request', 'The identity provider has no token endpoint.')
    const response = await (deps.fetch ?? fetch)(deps.auth.tokenEndpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: codeVerifier,
        redirect_uri: deps.auth.redirectUrl,
        client_id: deps.auth.clientId,
      }),
    })
    const body = (await response.json().catch(() => ({}))) as Record<string, string | number | undefined>
    if (!response.ok) {
      throw new AuthError(
        String(body.error ?? 'invalid_grant'),
        String(body.error_description ?? `Token request failed (${response.status})`),
      )
    }
    return { state: null, ...fromTokenResponse(body) }
  }

  /** The tokens of a login result: as given (implicit), or bought with its code (code flow). */
  async function tokensOf(
    response: AuthorizationResponse,
    codeVerifier: string | undefined,
  ): Promise<AuthorizationResponse> {
    if (response.error || !response.code) return response
    if (!codeVerifier) throw new AuthError('invalid_request', 'The login transaction has no PKCE verifier.')
    return exchangeCode(response.code, codeVerifier)
  }

  async function acceptTokens(response: AuthorizationResponse, nonce: string): Promise<StoredSession> {
    if (response.error) throw new AuthError(response.error, response.errorDescription ?? response.error)
    if (!response.accessToken || !response.idToken || !response.expiresIn) {
      throw new AuthError('invalid_hash', 'The login result lacks access_token, id_token or expires_in.')
    }
    await verifyIdToken(response.idToken, {
      issuer: deps.auth.issuer,
      clientId: deps.auth.clientId,
      nonce,
      leewaySeconds: deps.auth.leewaySeconds,
      keys,
      accessToken: response.accessToken,
      now: now(),
      ...(deps.auth.organization ? { organization: deps.auth.organization } : {}),
    })
    return writeSession(
      deps.storage,
      { accessToken: response.accessToken, idToken: response.idToken, expiresIn: response.expiresIn },
      now(),
    )
  }

  function clearTimer(): void {
    if (refreshTimer !== undefined) clearTimeout(refreshTimer)
    refreshTimer = undefined
  }

  /** The product spec's token refresh: refresh when the session runs out; at once when it already has. */
  function startTokenTimer(): void {
    const session = readSession(deps.storage)
    if (!session) return
    const left = session.expiresAt - now()
    clearTimer()
    if (left > 0) refreshTimer = setTimeout(() => void refresh().catch(() => {}), left)
    else void refresh().catch(() => {})
  }

  function startLogin(returnTo?: string): void {
    const transaction = {
      state: randomString(RANDOM_STATE_LENGTH),
      nonce: randomString(RANDOM_STATE_LENGTH),
      returnTo: returnTo ?? deps.sessionStore.getItem(RETURN_TO_KEY) ?? ROUTES.main,
      createdAt: now(),
      ...(usesCode ? { codeVerifier: randomString(64) } : {}),
    }
    saveTransaction(deps.storage, transaction)
    set({ loginInitialized: true, loggedOut: false })
    const verifier = transaction.codeVerifier
    deps.redirect(
      authorizeUrl(deps.auth, {
        ...transaction,
        ...(verifier ? { codeChallenge: codeChallenge(verifier) } : {}),
      }),
    )
  }

  /** Handles the callback's fragment; answers where to go next. Throws AuthError on failure. */
  async function handleCallback(response: AuthorizationResponse): Promise<string> {
    set({ validatingToken: true })
    try {
      const transaction = takeTransaction(deps.storage, response.state, now(), TRANSACTION_EXPIRY_MS)
      if (response.error) throw new AuthError(response.error, response.errorDescription ?? response.error)
      if (!transaction) throw new AuthError('invalid_token', '`state` does not match.')
      const session = await acceptTokens(
        await tokensOf(response, transaction.codeVerifier),
        transaction.nonce,
      )
      deps.sessionStore.removeItem(RETURN_TO_KEY)
      set({
        isAuthenticated: true,
        user: profileFromIdToken(session.idToken),
        validatingToken: false,
        errorMessage: null,
        errorDetails: null,
        loggedOut: false,
      })
      startTokenTimer()
      return transaction.returnTo
    } catch (error) {
      const authError = error instanceof AuthError ? error : new AuthError('invalid_token', String(error))
      // The product spec's error answer: the description is the message, the response's message the details.
      set({
        isAuthenticated: false,
        user: null,
        validatingToken: false,
        loginInitialized: false,
        errorMessage: authError.message,
        errorDetails: `Error [${authError.code}]`,
      })
      throw authError
    }
  }

  /** The product spec's silent session check; other API calls wait for it. */
  function refresh(): Promise<string> {
    if (refreshPromise) return refreshPromise
    const attempt = (async () => {
      set({ refreshingToken: true, isAuthenticated: false })
      try {
        const request = { state: randomString(RANDOM_STATE_LENGTH), nonce: randomString(RANDOM_STATE_LENGTH) }
        const codeVerifier = usesCode ? randomString(64) : undefined
        const pkce = codeVerifier ? { codeChallenge: codeChallenge(codeVerifier) } : {}
        const response = await deps.silentAuthorize(
          authorizeUrl(deps.auth, { ...request, prompt: 'none', responseMode: 'web_message', ...pkce }),
          deps.auth.issuer,
        )
        if (!response.error && response.state !== request.state) {
          throw new AuthError('invalid_token', '`state` does not match.')
        }
        const session = await acceptTokens(await tokensOf(response, codeVerifier), request.nonce)
        set({ refreshingToken: false, isAuthenticated: true, user: profileFromIdToken(session.idToken) })
        startTokenTimer()
        return session.accessToken
      } catch (error) {
        const description =
          error instanceof AuthError && error.code !== 'timeout' ? error.message : REFRESH_FAILED_MESSAGE
        clearLocalSession()
        set({ refreshingToken: false, errorMessage: description, errorDetails: null, loggedOut: false })
        startLogin(returnHere())
        throw new AuthError('login_required', description)
      }
    })()
    refreshPromise = attempt
    void attempt
      .catch(() => {})
      .finally(() => {
        refreshPromise = null
      })
    return attempt
  }

  /** The page a new sign-in comes back to: where the user is, unless that is a sign-in page itself. */
  function returnHere(): string | undefined {
    const location = deps.here?.()
    if (!location || location.startsWith(ROUTES.login) || location.startsWith(ROUTES.validateToken))
      return undefined
    return location
  }

  function clearLocalSession(): void {
    clearSession(deps.storage)
    clearTimer()
    set({ isAuthenticated: false, user: null })
  }

  /** The product spec's logout, then the provider's end-session, which returns to /login. */
  function logout(): void {
    const idToken = readSession(deps.storage)?.idToken
    clearLocalSession()
    set({ loggedOut: true, loginInitialized: false, accessDenied: null })
    deps.sessionStore.setItem(LOGGED_OUT_FLAG, '1')
    if (deps.auth.endSessionEndpoint && idToken) {
      const url = new URL(deps.auth.endSessionEndpoint)
      url.search = new URLSearchParams({
        id_token_hint: idToken,
        post_logout_redirect_uri: deps.auth.logoutUrl,
        client_id: deps.auth.clientId,
      }).toString()
      deps.redirect(url.toString())
    } else deps.redirect(deps.auth.logoutUrl)
  }

  /**
   * The token for an API call (so no call leaves with a stale token): waits for a refresh in
   * flight, refreshes an expired session.
   */
  async function getAccessToken(): Promise<string> {
    if (refreshPromise) return refreshPromise
    const session = readSession(deps.storage)
    if (session && isSessionValid(session, now())) return session.accessToken
    if (session?.accessToken) return refresh()
    // The session went from under a signed-in tab (another tab signed out): the same silent
    // check, then a new sign-in that comes back here, rather than a call refused as signed out.
    if (state.isAuthenticated) return refresh()
    throw new AuthError('login_required', 'Not signed in')
  }

  /**
   * Another tab changed the session this one shares. A session that went leaves this tab signed
   * out: its page sends it to /login, which remembers the page and comes back to it after 'Log in'
   * (not at once: a sign-in started while the other tab's logout is still on its way could
   * undo that logout). A new session signs this tab in.
   */
  function followStorage(): void {
    if (refreshPromise) return
    const session = readSession(deps.storage)
    if (!session && state.isAuthenticated) {
      clearTimer()
      set({ isAuthenticated: false, user: null, loginInitialized: false, loggedOut: true })
    } else if (session && isSessionValid(session, now()) && !state.isAuthenticated) {
      set({
        isAuthenticated: true,
        user: profileFromIdToken(session.idToken),
        errorMessage: null,
        loggedOut: false,
      })
      startTokenTimer()
    }
  }
  deps.watchStorage?.(followStorage)

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    rememberReturnTo: (location: string) => deps.sessionStore.setItem(RETURN_TO_KEY, location),
    rememberedReturnTo: () => deps.sessionStore.getItem(RETURN_TO_KEY),
    startLogin,
    handleCallback,
    refresh,
    logout,
    getAccessToken,
    startTokenTimer,
    clearError: () => set({ errorMessage: null, errorDetails: null }),
    /** The API refused this user: the app shows why instead of its screens (never a login loop). */
    denyAccess: (message: string) => set({ accessDenied: message }),
  }
}
