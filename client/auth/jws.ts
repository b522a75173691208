// RS256 signatures and SHA-256 without WebCrypto. A browser on a plain-http address that is not
// localhost (http://ads.intranet:3000, how teams self-host before they have a certificate) is
// not a secure context and has no crypto.subtle, so jose cannot run there. The arithmetic comes
// from @oslojs/crypto (pure JavaScript, BigInt); it verifies by rebuilding the whole PKCS#1 v1.5
// block and comparing it, never by parsing the decrypted one (Bleichenbacher 2006). The RSA part
// loads only when a token is verified (sign-in and refresh), not with /main's first screen.
import { sha256 } from '@oslojs/crypto/sha2'
import { AuthError } from './errors.ts'

/** A JSON Web Key as a JWKS document lists it. */
export interface Jwk {
  kty?: string
  kid?: string
  alg?: string
  use?: string
  n?: string
  e?: string
}

/** The keys that may have signed a token with this `kid` (all RSA keys when it names none). */
export type KeyLookup = (kid: string | undefined) => Promise<Jwk[]>

export function base64urlDecode(value: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(value)) throw new AuthError('invalid_token', 'id_token: not base64url')
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}

export function base64urlEncode(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/** base64url(SHA-256(text)): the PKCS S256 challenge and, halved, at_hash. */
export function sha256Of(text: string): Uint8Array {
  return sha256(new TextEncoder().encode(text))
}

function bigIntOf(bytes: Uint8Array): bigint {
  let value = 0n
  for (const byte of bytes) value = (value << 8n) | BigInt(byte)
  return value
}

function jsonPart(part: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(base64urlDecode(part)))
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      return value as Record<string, unknown>
  } catch {}
  throw new AuthError('invalid_token', `id_token: the ${what} is not a JSON object`)
}

const usable = (key: Jwk) =>
  key.kty === 'RSA' && !!key.n && !!key.e && (key.use ?? 'sig') === 'sig' && (key.alg ?? 'RS256') === 'RS256'

type Rsa = typeof import('@oslojs/crypto/rsa')

function signedBy(rsa: Rsa, key: Jwk, signingInput: string, signature: Uint8Array): boolean {
  const modulus = base64urlDecode(key.n!)
  const length = modulus[0] === 0 ? modulus.length - 1 : modulus.length
  // RFC 8017 8.2.2: the signature is exactly as long as the modulus.
  if (signature.length !== length || length < 256) return false
  const publicKey = new rsa.RSAPublicKey(bigIntOf(modulus), bigIntOf(base64urlDecode(key.e!)))
  return rsa.verifyRSASSAPKCS1v15Signature(
    publicKey,
    rsa.sha256ObjectIdentifier,
    sha256Of(signingInput),
    signature,
  )
}

/** The payload of a compact JWS signed with RS256 by one of the keys; AuthError otherwise. */
export async function verifyRs256(token: string, keys: KeyLookup): Promise<Record<string, unknown>> {
  const parts = token.split('.')
  if (parts.length !== 3) throw new AuthError('invalid_token', 'id_token: not a compact JWS')
  const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string]
  const header = jsonPart(encodedHeader, 'header')
  if (header.alg !== 'RS256') {
    throw new AuthError('invalid_token', `id_token: "alg" (Algorithm) Header Parameter value not allowed`)
  }
  if (header.crit !== undefined) throw new AuthError('invalid_token', 'id_token: unsupported "crit" header')
  const kid = typeof header.kid === 'string' ? header.kid : undefined
  const candidates = (await keys(kid)).filter(usable)
  if (candidates.length === 0)
    throw new AuthError('invalid_token', 'id_token: no applicable key found in the JWKS')
  const signature = base64urlDecode(encodedSignature)
  const signingInput = `${encodedHeader}.${encodedPayload}`
  const rsa = await import('@oslojs/crypto/rsa')
  if (!candidates.some((key) => signedBy(rsa, key, signingInput, signature))) {
    throw new AuthError('invalid_token', 'id_token: signature verification failed')
  }
  return jsonPart(encodedPayload, 'payload')
}

/** A fixed key set (tests, or keys already at hand). */
export function localKeys(jwks: { keys: Jwk[] }): KeyLookup {
  return async (kid) => jwks.keys.filter((key) => kid === undefined || key.kid === kid)
}

const REFETCH_COOLDOWN_MS = 30_000

/** The provider's JWKS, fetched once and again when a token names a key it lacks (rotation). */
export function remoteKeys(
  jwksUri: string,
  fetchImpl: typeof fetch = (...args) => fetch(...args),
): KeyLookup {
  let loaded: Promise<Jwk[]> | null = null
  let loadedAt = 0
  const load = () => {
    loadedAt = Date.now()
    loaded = fetchImpl(jwksUri)
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP ${response.status}`)
        return response.json() as Promise<{ keys?: Jwk[] }>
      })
      .then((jwks) => jwks.keys ?? [])
      .catch((error: unknown) => {
        loaded = null
        throw new AuthError('invalid_token', `id_token: cannot read the provider's keys (${String(error)})`)
      })
    return loaded
  }
  return async (kid) => {
    const match = (keys: Jwk[]) => keys.filter((key) => kid === undefined || key.kid === kid)
    const found = match(await (loaded ?? load()))
    if (found.length > 0 || Date.now() - loadedAt < REFETCH_COOLDOWN_MS) return found
    return match(await load())
  }
}
