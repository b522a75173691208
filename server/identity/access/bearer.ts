// The bearer check on every API path (SECURITY.md): an RS256 JWT access token from the
// configured issuer for our audience, verified with jose against the issuer's keys (a remote
// JWKS is cached and refetched on an unknown kid by jose itself). What it proves is an Identity;
// whether that identity gets in is the access policy's call (authenticate.ts).
import type { MiddlewareHandler } from 'hono'
import { errors, type JWTVerifyGetKey, jwtVerify } from 'jose'
import { MESSAGES } from '../../../shared/constants.ts'
import { AppError } from '../../platform/errors.ts'
import { requestAddress, type TrustedProxies } from '../../platform/http/client-address.ts'
import type { Identity } from './access-policy.ts'
import type { AuthUser } from './user.ts'

export interface AccessTokenVerifierOptions {
  issuer: string
  audience: string
  leewaySeconds: number
  keys: JWTVerifyGetKey
}

export type VerifyAccessToken = (token: string) => Promise<Identity>

export function createAccessTokenVerifier(options: AccessTokenVerifierOptions): VerifyAccessToken {
  return async (token) => {
    try {
      const { payload, protectedHeader } = await jwtVerify(token, options.keys, {
        algorithms: ['RS256'],
        issuer: options.issuer,
        audience: options.audience,
        clockTolerance: options.leewaySeconds,
        requiredClaims: ['sub', 'exp'],
      })
      // An id token is a JWT from the same issuer too: refuse it as an access token. Access
      // tokens are typed at+jwt (RFC 9068, oidc-provider) or carry no nonce (Auth0's 'JWT').
      if (protectedHeader.typ?.toLowerCase() !== 'at+jwt' && payload.nonce !== undefined) {
        throw new AppError('UNAUTHORIZED', 'An id token is not an access token.')
      }
      return { sub: payload.sub!, claims: payload, accessToken: token }
    } catch (error) {
      if (error instanceof AppError) throw error
      if (error instanceof errors.JOSEError) {
        throw new AppError('UNAUTHORIZED', MESSAGES.unauthorized, {}, { cause: error })
      }
      throw error
    }
  }
}

export type AuthVariables = {
  user: AuthUser
  /**
   * The same credential judged again now: a response that outlives its request (a live
   * session's stream) asks now and then, so a revoked token or a removed member ends it.
   */
  reauthenticate: () => Promise<AuthUser>
}

/** A bearer credential to the user it admits: 401 when it proves nothing, 403 when the policy refuses. */
export type Authenticate = (bearer: string) => Promise<AuthUser>

/**
 * Hono middleware: 401 unless a valid bearer token came with the request, 403 unless it is let
 * in; the user it sets also carries where the request came from (the audit trail's address).
 */
export function requireUser(
  authenticate: Authenticate,
  trustedProxies: TrustedProxies,
): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? ''
    const match = /^Bearer\s+(\S+)$/i.exec(header)
    if (!match?.[1]) throw new AppError('UNAUTHORIZED', MESSAGES.unauthorized)
    const bearer = match[1]
    c.set('user', {
      ...(await authenticate(bearer)),
      address: requestAddress(c, trustedProxies),
    })
    c.set('reauthenticate', () => authenticate(bearer))
    await next()
  }
}
