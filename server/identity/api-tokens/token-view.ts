// A stored API token as the API shows it to its owner: never the hash, times as ISO 8601.
import type { ApiToken } from '../../../shared/api-tokens.ts'
import type { Tables } from '../../platform/db/tables.ts'

export const tokenColumns = (t: Tables['apiTokens']) => ({
  id: t.id,
  name: t.name,
  scope: t.scope,
  createdAt: t.createdAt,
  expiresAt: t.expiresAt,
  lastUsedAt: t.lastUsedAt,
})

type TokenRow = {
  id: string
  name: string
  scope: 'read' | 'write'
  createdAt: number
  expiresAt: number
  lastUsedAt: number | null
}

const iso = (ms: number) => new Date(ms).toISOString()

export function toTokenView(row: TokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    created_at: iso(row.createdAt),
    expires_at: iso(row.expiresAt),
    last_used_at: row.lastUsedAt === null ? null : iso(row.lastUsedAt),
  }
}
