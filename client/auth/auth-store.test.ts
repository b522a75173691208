import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ClientConfig } from '../../shared/api.ts'
import { createAuth, REFRESH_FAILED_MESSAGE } from './auth-store.ts'
import { AuthError } from './errors.ts'
import { readSession, writeSession } from './session-storage.ts'

class MemoryStorage implements Storage {
  private items = new Map<string, string>()
  get length() {
    return this.items.size
  }
  clear() {
    this.items.clear()
  }
  getItem(key: string) {
    return this.items.get(key) ?? null
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.items.delete(key)
  }
  setItem(key: string, value: string) {
    this.items.set(key, value)
  }
}

const AUTH: ClientConfig['auth'] = {
  issuer: 'https://login.example.com',
  clientId: 'c',
  audience: 'https://api.example.com',
  redirectUrl: 'https://app.example.com/ads-preview/validate-token',
  logoutUrl: 'https://app.example.com/ads-preview/login',
  flow: 'implicit',
  leewaySeconds: 60,
  authorizationEndpoint: 'https://login.example.com/authorize',
  endSessionEndpoint: 'https://login.example.com/logout',
  jwksUri: 'https://login.example.com/jwks',
}

const ID_TOKEN = `x.${Buffer.from(JSON.stringify({ email: 'qa@example.com' })).toString('base64url')}.y`

function setup(options: { silent?: () => Promise<never>; here?: string } = {}) {
  const storage = new MemoryStorage()
  const sessionStore = new MemoryStorage()
  const redirects: string[] = []
  const fail = options.silent ?? (() => Promise.reject(new AuthError('login_required', 'Login required')))
  const silentAuthorize = vi.fn((_url: string, _issuer: string): Promise<never> => fail())
  /** What another tab's change of the shared storage calls in this one. */
  const storageChanged: Array<() => void> = []
  const make = () =>
    createAuth({
      auth: AUTH,
      storage,
      sessionStore,
      redirect: (url) => redirects.push(url),
      silentAuthorize,
      keys: async () => {
        throw new Error('unused')
      },
      here: () => options.here ?? '/main',
      watchStorage: (changed) => storageChanged.push(changed),
    })
  const otherTab = () => {
    for (const changed of storageChanged) changed()
  }
  return { storage, sessionStore, redirects, silentAuthorize, make, otherTab }
}

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(new Date('2026-11-22T12:00:00Z'))
})
afterEach(() => vi.useRealTimers())

describe('the token timer (silent refresh before expiry)', () => {
  it('does nothing when nothing is stored', () => {
    const t = setup()
    t.make().startTokenTimer()
    vi.advanceTimersByTime(24 * 3600 * 1000)
    expect(t.silentAuthorize).not.toHaveBeenCalled()
  })

  it('schedules the refresh at expires_at, not before', () => {
    const t = setup()
    writeSession(t.storage, { accessToken: 'a', idToken: ID_TOKEN, expiresIn: 600 }, Date.now())
    const auth = t.make()
    expect(auth.getState().isAuthenticated).toBe(true)
    expect(auth.getState().user).toEqual({ email: 'qa@example.com' })
    auth.startTokenTimer()
    vi.advanceTimersByTime(599_000)
    expect(t.silentAuthorize).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1_000)
    expect(t.silentAuthorize).toHaveBeenCalledTimes(1)
    const url = new URL(t.silentAuthorize.mock.calls[0]![0])
    expect(url.searchParams.get('prompt')).toBe('none')
    expect(url.searchParams.get('response_mode')).toBe('web_message')
    expect(url.searchParams.get('state')).toHaveLength(32)
    expect(url.searchParams.get('nonce')).toHaveLength(32)
  })

  it('refreshes at once when the session has already expired but a token is stored', () => {
    const t = setup()
    writeSession(t.storage, { accessToken: 'a', idToken: ID_TOKEN, expiresIn: 600 }, Date.now() - 700_000)
    const auth = t.make()
    expect(auth.getState().isAuthenticated).toBe(false)
    auth.startTokenTimer()
    expect(t.silentAuthorize).toHaveBeenCalledTimes(1)
    expect(auth.getState().refreshingToken).toBe(true)
  })
})

describe('refresh', () => {
  it('is shared by concurrent callers, and its failure logs out and starts the login again', async () => {
    const t = setup()
    writeSession(t.storage, { accessToken: 'a', idToken: ID_TOKEN, expiresIn: 1 }, Date.now() - 5_000)
    const auth = t.make()
    const calls = [auth.getAccessToken(), auth.getAccessToken(), auth.refresh()]
    const results = await Promise.allSettled(calls)
    expect(t.silentAuthorize).toHaveBeenCalledTimes(1)
    expect(results.every((r) => r.status === 'rejected')).toBe(true)
    expect(readSession(t.storage)).toBeNull()
    expect(auth.getState()).toMatchObject({
      isAuthenticated: false,
      refreshingToken: false,
      errorMessage: 'Login required',
    })
    expect(t.redirects).toHaveLength(1)
    expect(new URL(t.redirects[0]!).searchParams.get('response_type')).toBe('token id_token')
  })

  it("says 'Failed to refresh token' when the provider does not answer in time", async () => {
    const t = setup({ silent: () => Promise.reject(new AuthError('timeout', 'Timeout')) })
    writeSession(t.storage, { accessToken: 'a', idToken: ID_TOKEN, expiresIn: 1 }, Date.now() - 5_000)
    const auth = t.make()
    await expect(auth.refresh()).rejects.toThrow(REFRESH_FAILED_MESSAGE)
    expect(auth.getState().errorMessage).toBe(REFRESH_FAILED_MESSAGE)
  })
})

describe('login and logout', () => {
  it('redirects to the provider with the spec parameters and keeps the transaction', () => {
    const t = setup()
    const auth = t.make()
    auth.startLogin('/main')
    const url = new URL(t.redirects[0]!)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'token id_token',
      scope: 'openid profile email',
      audience: AUTH.audience,
      client_id: AUTH.clientId,
      redirect_uri: AUTH.redirectUrl,
    })
    expect(auth.getState().loginInitialized).toBe(true)
    const state = url.searchParams.get('state')!
    expect(JSON.parse(t.storage.getItem(`ads-preview.auth.tx.${state}`)!)).toMatchObject({
      returnTo: '/main',
      nonce: url.searchParams.get('nonce'),
    })
  })

  it('refuses a callback whose state matches no transaction', async () => {
    const t = setup()
    const auth = t.make()
    await expect(
      auth.handleCallback({ state: 'unknown', accessToken: 'a', idToken: ID_TOKEN, expiresIn: 60 }),
    ).rejects.toThrow('`state` does not match.')
    expect(auth.getState()).toMatchObject({ isAuthenticated: false, errorMessage: '`state` does not match.' })
  })

  it('logout clears the three entries, remembers it for /login and ends the provider session', () => {
    const t = setup()
    writeSession(t.storage, { accessToken: 'a', idToken: ID_TOKEN, expiresIn: 600 }, Date.now())
    const auth = t.make()
    auth.logout()
    expect(['access_token', 'id_token', 'expires_at'].map((k) => t.storage.getItem(k))).toEqual([
      null,
      null,
      null,
    ])
    expect(auth.getState()).toMatchObject({ isAuthenticated: false, user: null, loggedOut: true })
    const url = new URL(t.redirects[0]!)
    expect(url.origin + url.pathname).toBe(AUTH.endSessionEndpoint)
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(AUTH.logoutUrl)
    // After the provider sends the browser back, the new page knows it logged out.
    expect(t.make().getState().loggedOut).toBe(true)
    expect(t.make().getState().loggedOut).toBe(false)
  })
})

describe('AUTH_FLOW=code', () => {
  it('sends a PKCE challenge, then buys the tokens with the code and the verifier', async () => {
    vi.useRealTimers()
    const { generateKeyPair, exportJWK, SignJWT } = await import('jose')
    const { localKeys } = await import('./jws.ts')
    const { privateKey, publicKey } = await generateKeyPair('RS256')
    const keys = localKeys({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k', alg: 'RS256' }] })
    const storage = new MemoryStorage()
    const redirects: string[] = []
    const tokenRequests: URLSearchParams[] = []
    const auth = createAuth({
      auth: { ...AUTH, flow: 'code', tokenEndpoint: 'https://login.example.com/token' },
      storage,
      sessionStore: new MemoryStorage(),
      redirect: (url) => redirects.push(url),
      silentAuthorize: () => Promise.reject(new Error('unused')),
      keys,
      fetch: async (_url, init) => {
        const body = new URLSearchParams(String(init?.body))
        tokenRequests.push(body)
        const nonce = JSON.parse(storage.getItem(`ads-preview.auth.tx.${state}`) ?? '{}').nonce ?? lastNonce
        const idToken = await new SignJWT({ nonce, email: 'qa@example.com' })
          .setProtectedHeader({ alg: 'RS256', kid: 'k' })
          .setIssuer(AUTH.issuer)
          .setAudience(AUTH.clientId)
          .setSubject('u')
          .setIssuedAt()
          .setExpirationTime('1h')
          .sign(privateKey)
        return new Response(
          JSON.stringify({ access_token: 'at', id_token: idToken, expires_in: 3600, token_type: 'Bearer' }),
          { status: 200 },
        )
      },
    })
    auth.startLogin('/main')
    await vi.waitFor(() => expect(redirects).toHaveLength(1))
    const url = new URL(redirects[0]!)
    expect(url.searchParams.get('response_type')).toBe('code')
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    const state = url.searchParams.get('state')!
    const transaction = JSON.parse(storage.getItem(`ads-preview.auth.tx.${state}`)!)
    const lastNonce = transaction.nonce
    const { codeChallenge } = await import('./authorize.ts')
    expect(url.searchParams.get('code_challenge')).toBe(codeChallenge(transaction.codeVerifier))

    await expect(auth.handleCallback({ state, code: 'the-code' })).resolves.toBe('/main')
    expect(tokenRequests[0]?.get('code')).toBe('the-code')
    expect(tokenRequests[0]?.get('code_verifier')).toBe(transaction.codeVerifier)
    expect(readSession(storage)?.accessToken).toBe('at')
    expect(auth.getState().user).toMatchObject({ email: 'qa@example.com' })
  })
})

describe('a session lost while the tab is open', () => {
  const signedIn = (t: ReturnType<typeof setup>) => {
    writeSession(t.storage, { accessToken: 'a', idToken: ID_TOKEN, expiresIn: 600 }, Date.now())
    return t.make()
  }
  /** Where the login transaction the last redirect started comes back to. */
  const returnTo = (t: ReturnType<typeof setup>) => {
    const state = new URL(t.redirects.at(-1)!).searchParams.get('state')
    return (JSON.parse(t.storage.getItem(`ads-preview.auth.tx.${state}`) ?? 'null') as { returnTo?: string })
      ?.returnTo
  }

  it('signed out in another tab: this tab is signed out too, as after a logout', () => {
    const t = setup()
    const auth = signedIn(t)
    for (const key of ['access_token', 'id_token', 'expires_at']) t.storage.removeItem(key)
    t.otherTab()
    expect(auth.getState()).toMatchObject({ isAuthenticated: false, user: null, loggedOut: true })
    // Signed in again over there: this tab follows.
    writeSession(t.storage, { accessToken: 'b', idToken: ID_TOKEN, expiresIn: 600 }, Date.now())
    t.otherTab()
    expect(auth.getState()).toMatchObject({ isAuthenticated: true, user: { email: 'qa@example.com' } })
  })

  it('a call whose session went is refreshed first, then signs in again and comes back here', async () => {
    const t = setup({ here: '/workbench/abc?tab=live' })
    const auth = signedIn(t)
    t.storage.clear()
    await expect(auth.getAccessToken()).rejects.toThrow()
    expect(t.silentAuthorize).toHaveBeenCalledTimes(1)
    expect(t.redirects).toHaveLength(1)
    expect(returnTo(t)).toBe('/workbench/abc?tab=live')
  })
})
