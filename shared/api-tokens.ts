// Wire shapes of personal API tokens (for scripts and CI jobs): what a person makes, sees and revokes in the
// app (tRPC `tokens.*`), shared by the server, which validates with them, and the client.
import { z } from 'zod/mini'

/** Every API token starts so: the server tells it from an OIDC access token by it. */
export const API_TOKEN_PREFIX = 'adp_'
/** read: the calls that change nothing (list, get). write: every call a person can make. */
export const API_TOKEN_SCOPES = ['read', 'write'] as const
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number]
export const API_TOKEN_MAX_DAYS = 366
export const API_TOKEN_DEFAULT_DAYS = 90

export const createApiTokenInputSchema = z.object({
  name: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'name is required'),
      z.maxLength(100, 'name is longer than 100 characters'),
    ),
  scope: z.enum(API_TOKEN_SCOPES, { error: 'scope must be read or write' }),
  expiresInDays: z._default(
    z
      .number()
      .check(
        z.int(),
        z.minimum(1, 'expiresInDays must be at least 1'),
        z.maximum(API_TOKEN_MAX_DAYS, `expiresInDays must be at most ${API_TOKEN_MAX_DAYS}`),
      ),
    API_TOKEN_DEFAULT_DAYS,
  ),
})
export type CreateApiTokenInput = z.input<typeof createApiTokenInputSchema>

export const apiTokenIdInputSchema = z.object({
  id: z.string().check(z.minLength(1, 'id is required'), z.maxLength(100, 'id is too long')),
})

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_TOKEN_SCOPES),
  /** ISO 8601, as every time the API answers. */
  created_at: z.string(),
  expires_at: z.string(),
  last_used_at: z.nullable(z.string()),
})
export type ApiToken = z.infer<typeof apiTokenSchema>

export const apiTokenListSchema = z.object({ tokens: z.array(apiTokenSchema) })
export type ApiTokenList = z.infer<typeof apiTokenListSchema>

/** The secret is in this answer only: it is stored as its sha256. */
export const createdApiTokenSchema = z.object({ secret: z.string(), token: apiTokenSchema })
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>
