// An API token's secret: `adp_` and 32 random bytes (base64url, 43 characters). Only its sha256
// is stored, so the database alone cannot be used to call the API; 256 random bits need no
// slow hash, and a lookup by the hash takes the same index walk whichever token is tried.
import { createHash, randomBytes } from 'node:crypto'
import { API_TOKEN_PREFIX } from '../../../shared/api-tokens.ts'

const SECRET_SHAPE = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`)

export function newTokenSecret(): string {
  return `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
}

/** A bearer that claims to be an API token (the rest are OIDC access tokens). */
export const isApiTokenBearer = (bearer: string) => bearer.startsWith(API_TOKEN_PREFIX)

/** Whether it has an API token's shape at all: anything else is refused without a lookup. */
export const hasTokenShape = (bearer: string) => SECRET_SHAPE.test(bearer)

export function secretSha256(secret: string): string {
  return createHash('sha256').update(secret).digest('hex')
}
