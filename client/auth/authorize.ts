// The hosted-login redirect (the provider's authorize call) and the callback's fragment.
import type { ClientConfig } from '../../shared/api.ts'
import { LOGIN_SCOPE } from '../../shared/constants.ts'
import { base64urlEncode, sha256Of } from './jws.ts'

export const IMPLICIT_RESPONSE_TYPE = 'token id_token'

/** PKCE (RFC 7636): the S256 challenge of a verifier (no WebCrypto: see jws.ts). */
export function codeChallenge(verifier: string): string {
  return base64urlEncode(sha256Of(verifier))
}

export function authorizeUrl(
  auth: ClientConfig['auth'],
  params: {
    state: string
    nonce: string
    prompt?: 'none'
    responseMode?: 'web_message'
    codeChallenge?: string
  },
): string {
  const url = new URL(auth.authorizationEndpoint)
  // AUTH_FLOW=code: authorization code with PKCE, the answer in the query (RFC 9700 deprecates implicit).
  const code: Record<string, string> = params.codeChallenge
    ? { response_type: 'code', code_challenge: params.codeChallenge, code_challenge_method: 'S256' }
    : { response_type: IMPLICIT_RESPONSE_TYPE }
  url.search = new URLSearchParams({
    client_id: auth.clientId,
    ...code,
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
  /** The authorization code (AUTH_FLOW=code), exchanged for the tokens. */
  code?: string
  accessToken?: string
  idToken?: string
  expiresIn?: number
  state: string | null
  error?: string
  errorDescription?: string
}

/** The product spec: the fragment is handled only if it has access_token, id_token or error. */
export function parseAuthorizationFragment(hash: string): AuthorizationResponse | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  if (!params.has('access_token') && !params.has('id_token') && !params.has('error')) return null
  return fromParams((name) => params.get(name))
}

/** The code flow answers in the query instead: code (or error) and state. */
export function parseAuthorizationQuery(search: string): AuthorizationResponse | null {
  const params = new URLSearchParams(search)
  if (!params.has('code') && !params.has('error')) return null
  return fromParams((name) => params.get(name))
}

export function fromParams(get: (name: string) => string | null | undefined): AuthorizationResponse {
  const expiresIn = Number(get('expires_in'))
  const error = get('error')
  return {
    state: get('state') ?? null,
    ...(get('code') ? { code: get('code')! } : {}),
    ...(get('access_token') ? { accessToken: get('access_token')! } : {}),
    ...(get('id_token') ? { idToken: get('id_token')! } : {}),
    ...(Number.isFinite(expiresIn) && expiresIn > 0 ? { expiresIn } : {}),
    ...(error ? { error, errorDescription: get('error_description') ?? error } : {}),
  }
}
