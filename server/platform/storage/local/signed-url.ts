// HMAC-signed PUT URLs for the local blob store: the signature covers the method, key, expiry,
// content type and size cap, so none of them can be changed without the secret.
import { createHmac, timingSafeEqual } from 'node:crypto'

export interface PutGrant {
  key: string
  contentType: string
  maxBytes: number
  /** Seconds since the epoch. */
  expires: number
}

function signature(secret: Buffer, grant: PutGrant): string {
  const payload = ['PUT', grant.key, grant.expires, grant.contentType, grant.maxBytes].join('\n')
  return createHmac('sha256', secret).update(payload).digest('base64url')
}

export function signPutQuery(secret: Buffer, grant: PutGrant): URLSearchParams {
  return new URLSearchParams({
    key: grant.key,
    exp: String(grant.expires),
    ct: grant.contentType,
    max: String(grant.maxBytes),
    sig: signature(secret, grant),
  })
}

export type PutGrantCheck = { ok: true; grant: PutGrant } | { ok: false; reason: 'invalid' | 'expired' }

export function verifyPutQuery(secret: Buffer, query: URLSearchParams, nowSeconds: number): PutGrantCheck {
  const key = query.get('key')
  const contentType = query.get('ct')
  const expires = Number(query.get('exp'))
  const maxBytes = Number(query.get('max'))
  const given = Buffer.from(query.get('sig') ?? '', 'base64url')
  if (!key || !contentType || !Number.isSafeInteger(expires) || !Number.isSafeInteger(maxBytes)) {
    return { ok: false, reason: 'invalid' }
  }
  const grant = { key, contentType, expires, maxBytes }
  const expected = Buffer.from(signature(secret, grant), 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'invalid' }
  if (expires < nowSeconds) return { ok: false, reason: 'expired' }
  return { ok: true, grant }
}
