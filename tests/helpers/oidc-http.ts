// Signs in to the embedded provider over plain HTTP, as a browser would (cookies kept), for
// tests that drive a real server without a browser.
import { LOGIN_SCOPE } from '../../shared/constants.ts'

export class CookieClient {
  private cookies = new Map<string, string>()
  constructor(private readonly origin: string) {}

  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const response = await fetch(new URL(url, this.origin), {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const [name, ...value] = pair!.split('=')
      this.cookies.set(name!, value.join('='))
    }
    return response
  }

  /** The login form behind an authorize URL: where to post, and its CSRF token. */
  async loginForm(authorizeUrl: string): Promise<{ action: string; csrf: string }> {
    const first = await this.request(authorizeUrl)
    const html = await (await this.request(first.headers.get('location')!)).text()
    return { action: /action="([^"]+)"/.exec(html)![1]!, csrf: /name="csrf" value="([^"]+)"/.exec(html)![1]! }
  }

  submitLogin(form: { action: string; csrf: string }, email: string, password: string): Promise<Response> {
    return this.request(form.action, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password, csrf: form.csrf }).toString(),
    })
  }
}

/** The embedded provider's authorize URL for the app's client, as the browser app asks it. */
export function authorizeUrl(base: string, params: Record<string, string>): string {
  return `${base}/oidc/auth?${new URLSearchParams({
    client_id: 'ads-preview',
    redirect_uri: `${base}/validate-token`,
    scope: LOGIN_SCOPE,
    audience: `${base}/api`,
    state: 's'.repeat(32),
    nonce: 'n'.repeat(32),
    ...params,
  })}`
}

/** An access token from the embedded provider, through its implicit flow and login page. */
export async function implicitAccessToken(base: string, email: string, password: string): Promise<string> {
  return (await implicitLogin(base, email, password)).accessToken
}

/** The tokens of an implicit login, as the browser app stores them. */
export async function implicitLogin(
  base: string,
  email: string,
  password: string,
): Promise<{ accessToken: string; idToken: string; expiresIn: number }> {
  const client = new CookieClient(new URL(base).origin)
  const form = await client.loginForm(authorizeUrl(base, { response_type: 'token id_token' }))
  const afterLogin = await client.submitLogin(form, email, password)
  const callback = await client.request(afterLogin.headers.get('location')!)
  const fragment = new URLSearchParams(new URL(callback.headers.get('location')!).hash.slice(1))
  const accessToken = fragment.get('access_token')
  const idToken = fragment.get('id_token')
  if (!accessToken || !idToken) throw new Error('no tokens in the callback')
  return { accessToken, idToken, expiresIn: Number(fragment.get('expires_in')) }
}
