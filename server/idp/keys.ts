// The embedded provider's RS256 signing key and cookie keys: generated on first boot into
// <dataDir>/keys (0600) and reused after, so tokens and sessions survive a restart. Never the
// library's built-in development keys.
import { randomBytes, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { exportJWK, generateKeyPair, type JWK } from 'jose'

export interface ProviderKeys {
  /** Private JWKS for oidc-provider. */
  jwks: { keys: JWK[] }
  /** Public half, for our own bearer check. */
  publicJwks: { keys: JWK[] }
  cookieKeys: string[]
}

const PUBLIC_MEMBERS = ['kty', 'n', 'e', 'kid', 'alg', 'use'] as const

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

function writeSecret(file: string, value: unknown): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
  fs.writeFileSync(file, JSON.stringify(value, null, 2), { mode: 0o600 })
}

export async function loadOrCreateProviderKeys(keysDir: string): Promise<ProviderKeys> {
  const jwksFile = path.join(keysDir, 'oidc-signing-keys.json')
  const cookieFile = path.join(keysDir, 'oidc-cookie-keys.json')
  let jwks = readJson<{ keys: JWK[] }>(jwksFile)
  if (!jwks) {
    const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true })
    jwks = { keys: [{ ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' }] }
    writeSecret(jwksFile, jwks)
  }
  let cookieKeys = readJson<string[]>(cookieFile)
  if (!cookieKeys) {
    cookieKeys = [randomBytes(32).toString('base64url')]
    writeSecret(cookieFile, cookieKeys)
  }
  const publicJwks = {
    keys: jwks.keys.map(
      (key) => Object.fromEntries(PUBLIC_MEMBERS.map((member) => [member, key[member]])) as JWK,
    ),
  }
  return { jwks, publicJwks, cookieKeys }
}
