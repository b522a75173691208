// A person makes a personal API token: the secret is answered once and stored as its sha256,
// with what the access policy judged of them (their claims), so every use is judged again.
import { randomUUID } from 'node:crypto'
import { type CreatedApiToken, createApiTokenInputSchema } from '../../../shared/api-tokens.ts'
import { defineAction } from '../../actions/define-action.ts'
import { requirePerson } from '../access/scope.ts'
import { ISSUED_MS_CLAIM, SESSION_CLAIM } from '../provider/member-check.ts'
import { newTokenSecret, secretSha256 } from './token-secret.ts'
import { toTokenView } from './token-view.ts'

const DAY_MS = 24 * 60 * 60 * 1000

/** A credential's own bookkeeping (RFC 7519 registered claims and the like), not the person's. */
const NOT_THE_PERSON = new Set([
  'iss',
  'sub',
  'aud',
  'exp',
  'nbf',
  'iat',
  'jti',
  'nonce',
  'at_hash',
  'azp',
  'scope',
  'client_id',
  'auth_time',
  'sid',
  'acr',
  'amr',
  'cnf',
  SESSION_CLAIM,
  ISSUED_MS_CLAIM,
])

const ownerClaims = (claims: Readonly<Record<string, unknown>> = {}) =>
  Object.fromEntries(Object.entries(claims).filter(([name]) => !NOT_THE_PERSON.has(name)))

export const createApiToken = defineAction(
  createApiTokenInputSchema,
  async (ctx, input): Promise<CreatedApiToken> => {
    const owner = requirePerson(ctx)
    const secret = newTokenSecret()
    const createdAt = ctx.now()
    const row = {
      id: randomUUID(),
      name: input.name,
      scope: input.scope,
      createdAt,
      expiresAt: createdAt + input.expiresInDays * DAY_MS,
      lastUsedAt: null,
    }
    const { apiTokens } = ctx.db.tables
    await ctx.db.write((tx) =>
      tx.insert(apiTokens).values({
        ...row,
        ownerSub: owner.sub,
        ownerClaims: ownerClaims(owner.claims),
        secretSha256: secretSha256(secret),
      }),
    )
    return { secret, token: toTokenView(row) }
  },
)
