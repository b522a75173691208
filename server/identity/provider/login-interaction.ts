// The embedded provider's interaction pages: the login form (GET) and its answer (POST), our
// own HTML in front of oidc-provider. The form carries a CSRF token bound to the interaction;
// the password check is throttled (sign-in.ts) by email and by the client's address.
import { createHmac, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Context } from 'hono'
import type Provider from 'oidc-provider'
import { clientAddress, type TrustedProxies } from '../../platform/http/client-address.ts'
import { normalizeEmail } from '../access/email.ts'
import { errorPage, loginPage } from './pages.ts'
import { retryAfterText, type SignInResult } from './sign-in.ts'

export interface LoginInteractionDeps {
  provider: Provider
  /** Where the provider is mounted (`${BASE_PATH}/oidc`). */
  mount: string
  title: string
  /** login-policy.ts */
  contentSecurityPolicy: string
  /** Signs the CSRF tokens. */
  cookieKey: string
  signIn: (email: string, password: string, address: string) => Promise<SignInResult>
  trustedProxies: TrustedProxies
}

export function createLoginInteraction(deps: LoginInteractionDeps) {
  const { provider, title } = deps
  const csrfToken = (uid: string) =>
    createHmac('sha256', deps.cookieKey).update(`login:${uid}`).digest('base64url')

  return async function interaction(
    c: Context,
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
  ): Promise<Response> {
    c.header('Content-Security-Policy', deps.contentSecurityPolicy)
    c.header('X-Frame-Options', 'DENY')
    let details: Awaited<ReturnType<typeof provider.interactionDetails>>
    try {
      details = await provider.interactionDetails(req, res)
    } catch {
      return c.html(
        errorPage(
          title,
          'Sign-in expired',
          'This sign-in page has expired. Go back to the app and sign in again.',
        ),
        400,
      )
    }
    const action = `${deps.mount}/interaction/${details.uid}/login`
    if (c.req.method === 'GET' && path === `/interaction/${details.uid}`) {
      if (details.prompt.name !== 'login' && details.session?.accountId) {
        const returnTo = await provider.interactionResult(req, res, {
          login: { accountId: details.session.accountId },
        })
        return c.redirect(returnTo, 303)
      }
      return c.html(loginPage({ productTitle: title, action, csrfToken: csrfToken(details.uid) }))
    }
    if (c.req.method === 'POST' && path === `/interaction/${details.uid}/login`) {
      const form = await c.req.parseBody()
      const email = normalizeEmail(String(form.email ?? ''))
      const password = String(form.password ?? '')
      const given = Buffer.from(String(form.csrf ?? ''))
      const expected = Buffer.from(csrfToken(details.uid))
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return c.html(
          errorPage(title, 'Sign-in refused', 'The form was not sent from this page. Go back and try again.'),
          403,
        )
      }
      const page = (error: string, status: 401 | 429, headers: Record<string, string> = {}) =>
        c.html(
          loginPage({ productTitle: title, action, csrfToken: csrfToken(details.uid), email, error }),
          status,
          headers,
        )
      const address = clientAddress(
        req.socket.remoteAddress,
        c.req.header('x-forwarded-for'),
        deps.trustedProxies,
      )
      const result = await deps.signIn(email, password, address)
      if (result.outcome === 'throttled') {
        return page(retryAfterText(result.retryAfterSeconds), 429, {
          'Retry-After': String(result.retryAfterSeconds),
        })
      }
      if (result.outcome === 'wrong') return page('Wrong email or password.', 401)
      const returnTo = await provider.interactionResult(
        req,
        res,
        { login: { accountId: result.userId } },
        { mergeWithLastSubmission: false },
      )
      return c.redirect(returnTo, 303)
    }
    return c.text('Not found', 404)
  }
}
