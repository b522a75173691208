// The hosted-login redirect (spec 7 "Identity provider calls") and the callback's fragment.
import type { ClientConfig } from '../../shared/api.ts'

export const LOGIN_SCOPE = 'openid profile email'
export const IMPLICIT_RESPONSE_TYPE = 'token id_token'

export function authorizeUrl(
  auth: ClientConfig['auth'],
  params: { state: string; nonce: string; prompt?: 'none'; responseMode?: 'web_message' },
): string {
  const url = new URL(auth.authorizationEndpoint)
  url.search = new URLSearchParams({
    client_id: auth.clientId,
    response_type: IMPLICIT_RESPONSE_TYPE,
    redirect_uri: auth.redirectUrl,
    scope: LOGIN_SCOPE,
    audience: auth.audience,
    state: params.state,
    nonce: params.nonce,
    ...(params.prompt ? { prompt: params.prompt } : {}),
    ...(params.responseMode ? { response_mode: params.responseMode } : {}),
    ...(auth.organization ? { organization: auth.organization } : {}),
  }).toString()
  return url.toString()
}

export interface AuthorizationResponse {
  accessToken?: string
  idToken?: string
  expiresIn?: number
  state: string | null
  error?: string
  errorDescription?: string
}

/** Spec 2: the fragment is handled only if it has access_token, id_token or error. */
export function parseAuthorizationFragment(hash: string): AuthorizationResponse | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  if (!params.has('access_token') && !params.has('id_token') && !params.has('error')) return null
  return fromParams((name) => params.get(name))
}

export function fromParams(get: (name: string) => string | null | undefined): AuthorizationResponse {
  const expiresIn = Number(get('expires_in'))
  const error = get('error')
  return {
    state: get('state') ?? null,
    ...(get('access_token') ? { accessToken: get('access_token')! } : {}),
    ...(get('id_token') ? { idToken: get('id_token')! } : {}),
    ...(Number.isFinite(expiresIn) && expiresIn > 0 ? { expiresIn } : {}),
    ...(error ? { error, errorDescription: get('error_description') ?? error } : {}),
  }
}
