// An external OpenID provider started by the test run, on a real port: a discovery document, a
// JWKS and a userinfo endpoint over HTTP, and jose-signed access tokens for whoever a test needs
// (two organisations, other email domains, unverified emails, missing claims). The product reads
// it exactly as it reads Auth0 or Keycloak.
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, type JWTPayload, jwtVerify, SignJWT } from 'jose'
import { LOGIN_SCOPE } from '../../shared/constants.ts'

export const EXTERNAL_CLIENT_ID = 'ads-preview-spa'
export const EXTERNAL_AUDIENCE = 'https://ads-preview.test/api'

export interface ExternalIssuerOptions {
  /** What the discovery document calls the issuer (a misconfigured provider names another). */
  discoveryIssuer?: (issuer: string) => string
}

export async function startExternalIssuer(options: ExternalIssuerOptions = {}) {
  const { privateKey, publicKey } = await generateKeyPair('RS256')
  const jwk = { ...(await exportJWK(publicKey)), kid: 'external-key', alg: 'RS256', use: 'sig' }
  /** userinfo's answer per subject (what the provider knows beyond the access token). */
  const profiles = new Map<string, Record<string, unknown>>()
  const userinfoRequests: string[] = []
  let issuer = ''

  const server = http.createServer(async (request, response) => {
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    }
    const path = new URL(request.url ?? '/', issuer).pathname
    if (path === '/.well-known/openid-configuration') {
      return json(200, {
        issuer: options.discoveryIssuer?.(issuer) ?? issuer,
        authorization_endpoint: `${issuer}authorize`,
        token_endpoint: `${issuer}oauth/token`,
        userinfo_endpoint: `${issuer}userinfo`,
        end_session_endpoint: `${issuer}logout`,
        jwks_uri: `${issuer}.well-known/jwks.json`,
      })
    }
    if (path === '/.well-known/jwks.json') return json(200, { keys: [jwk] })
    if (path === '/userinfo') {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? ''
      try {
        const { payload } = await jwtVerify(token, publicKey, { issuer })
        userinfoRequests.push(payload.sub!)
        return json(200, { sub: payload.sub, ...profiles.get(payload.sub!) })
      } catch {
        return json(401, { error: 'invalid_token' })
      }
    }
    json(404, { error: 'not_found' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`

  /** An access token as Auth0 or Keycloak issues it for our API, with these claims. */
  async function accessToken(claims: JWTPayload & { sub: string }, header: { typ?: string } = {}) {
    return new SignJWT({ scope: LOGIN_SCOPE, ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: header.typ ?? 'at+jwt' })
      .setIssuer(claims.iss ?? issuer)
      .setAudience(claims.aud ?? [EXTERNAL_AUDIENCE, `${issuer}userinfo`])
      .setIssuedAt()
      .setExpirationTime(claims.exp ?? '10m')
      .sign(privateKey)
  }

  return {
    get issuer() {
      return issuer
    },
    accessToken,
    /** What userinfo answers for a subject. */
    setProfile: (sub: string, profile: Record<string, unknown>) => profiles.set(sub, profile),
    userinfoRequests,
    /** The variables an operator sets for this provider. */
    env: (extra: Record<string, string> = {}) => ({
      AUTH_ISSUER: issuer,
      AUTH_CLIENT_ID: EXTERNAL_CLIENT_ID,
      AUTH_AUDIENCE: EXTERNAL_AUDIENCE,
      ...extra,
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type ExternalIssuer = Awaited<ReturnType<typeof startExternalIssuer>>
