// The bearer check on every API path (ARCHITECTURE.md "Security model"): an RS256 JWT access
// token from the configured issuer for our audience, verified with jose against the issuer's
// keys (a remote JWKS is cached and refetched on an unknown kid by jose itself).
import type { MiddlewareHandler } from 'hono'
import { errors, type JWTVerifyGetKey, jwtVerify } from 'jose'
import { MESSAGES } from '../../shared/constants.ts'
import { AppError } from '../errors.ts'
import type { AuthUser } from './user.ts'

export interface AccessTokenVerifierOptions {
  issuer: string
  audience: string
  leewaySeconds: number
  keys: JWTVerifyGetKey
}

export type VerifyAccessToken = (token: string) => Promise<AuthUser>

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
      const email = typeof payload.email === 'string' ? payload.email : undefined
      return { sub: payload.sub!, ...(email ? { email } : {}) }
    } catch (error) {
      if (error instanceof AppError) throw error
      if (error instanceof errors.JOSEError) {
        throw new AppError('UNAUTHORIZED', MESSAGES.unauthorized, {}, { cause: error })
      }
      throw error
    }
  }
}

export type AuthVariables = { user: AuthUser }

/** Hono middleware: 401 unless a valid bearer token came with the request. */
export function requireUser(verify: VerifyAccessToken): MiddlewareHandler<{ Variables: AuthVariables }> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? ''
    const match = /^Bearer\s+(\S+)$/i.exec(header)
    if (!match?.[1]) throw new AppError('UNAUTHORIZED', MESSAGES.unauthorized)
    c.set('user', await verify(match[1]))
    await next()
  }
}
