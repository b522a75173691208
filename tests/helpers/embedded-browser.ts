// A browser signed in to the embedded provider, as the tests of the team and account screens
// drive it over HTTP: the provider's session cookies, the login form, and tRPC calls with the
// access token the sign-in gave (the implicit flow).
import { authorizeUrl, CookieClient } from './oidc-http.ts'

/** A browser: its provider session (cookies) and the access token its last sign-in gave. */
export class EmbeddedBrowser {
  private client: CookieClient | undefined
  token = ''
  /** The login form's answer to the last sign-in (303 in, 401 wrong, 429 throttled). */
  signInStatus = 0

  /** The product's URL without its trailing slash, asked for when first used (tests make browsers before the product starts). */
  constructor(private readonly productBase: () => string) {}

  private get base(): string {
    return this.productBase()
  }

  get cookies(): CookieClient {
    this.client ??= new CookieClient(new URL(this.base).origin)
    return this.client
  }

  /** Signs in through the login page; false when the password is refused. */
  async signIn(email: string, password: string): Promise<boolean> {
    const form = await this.cookies.loginForm(authorizeUrl(this.base, { response_type: 'token id_token' }))
    const afterLogin = await this.cookies.submitLogin(form, email, password)
    this.signInStatus = afterLogin.status
    if (afterLogin.status !== 303) return false
    return this.tokenFrom(await this.cookies.request(afterLogin.headers.get('location')!))
  }

  /** What the app does when its token is refused: a silent renewal through the provider session. */
  renew(): Promise<boolean> {
    return this.cookies
      .request(authorizeUrl(this.base, { response_type: 'token id_token', prompt: 'none' }))
      .then((answer) => this.tokenFrom(answer))
  }

  private tokenFrom(callback: Response): boolean {
    const fragment = new URLSearchParams(new URL(callback.headers.get('location')!).hash.slice(1))
    this.token = fragment.get('access_token') ?? ''
    return this.token !== ''
  }

  /** A tRPC call with the bearer token (and no cookie: the token alone says which session it is). */
  async call<T>(procedure: string, input?: unknown): Promise<{ status: number; data: T; message?: string }> {
    const kind = /\.(list|get)$/.test(procedure) ? 'query' : 'mutation'
    const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`
    const response = await fetch(`${this.base}/trpc/${procedure}${kind === 'query' ? query : ''}`, {
      method: kind === 'query' ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${this.token}`, 'content-type': 'application/json' },
      ...(kind === 'mutation' ? { body: JSON.stringify(input ?? {}) } : {}),
    })
    const body = (await response.json()) as { result?: { data: T }; error?: { message: string } }
    return {
      status: response.status,
      data: body.result?.data as T,
      ...(body.error ? { message: body.error.message } : {}),
    }
  }
}
