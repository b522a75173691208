// The embedded provider's RS256 signing key and cookie keys: generated on first start and kept
// (DATA_DIR/keys on SQLite, the database on PostgreSQL: platform/db/secrets.ts), so tokens and sessions
// survive a restart and every app process signs with the same key. Never the library's
// built-in development keys.
import { randomBytes, randomUUID } from 'node:crypto'
import { exportJWK, generateKeyPair, type JWK } from 'jose'
import type { SecretStore } from '../../platform/db/secrets.ts'

export interface ProviderKeys {
  /** Private JWKS for oidc-provider. */
  jwks: { keys: JWK[] }
  /** Public half, for our own bearer check. */
  publicJwks: { keys: JWK[] }
  cookieKeys: string[]
}

const PUBLIC_MEMBERS = ['kty', 'n', 'e', 'kid', 'alg', 'use'] as const

async function newSigningKeys(): Promise<string> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true })
  const jwks = { keys: [{ ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' }] }
  return JSON.stringify(jwks, null, 2)
}

export async function loadOrCreateProviderKeys(secrets: SecretStore): Promise<ProviderKeys> {
  const jwks = JSON.parse(await secrets.loadOrCreate('oidc-signing-keys.json', newSigningKeys)) as {
    keys: JWK[]
  }
  const cookieKeys = JSON.parse(
    await secrets.loadOrCreate('oidc-cookie-keys.json', () =>
      JSON.stringify([randomBytes(32).toString('base64url')], null, 2),
    ),
  ) as string[]
  const publicJwks = {
    keys: jwks.keys.map(
      (key) => Object.fromEntries(PUBLIC_MEMBERS.map((member) => [member, key[member]])) as JWK,
    ),
  }
  return { jwks, publicJwks, cookieKeys }
}
