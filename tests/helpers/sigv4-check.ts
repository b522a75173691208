// An independent AWS Signature V4 check (written from AWS's description, not from the signer we
// ship), because s3rver accepts any V4 signature. tests/helpers/s3-server.ts runs it in front
// of s3rver, so a request our store or a browser sends with a wrong key, a changed content type
// or an expired URL is refused as S3 refuses it. Checked against AWS's own presigned-URL example.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto'

export interface SignedRequest {
  method: string
  /** Path and query exactly as sent. */
  url: string
  headers: Record<string, string | string[] | undefined>
}

export type SignatureCheck = { ok: true } | { ok: false; code: string; message: string }

const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text).digest()
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex')

function header(request: SignedRequest, name: string): string | undefined {
  const value = request.headers[name.toLowerCase()]
  return Array.isArray(value) ? value.join(',') : value
}

export function checkSignatureV4(
  request: SignedRequest,
  secrets: Record<string, string>,
  now = Date.now(),
): SignatureCheck {
  const [path = '', rawQuery = ''] = request.url.split(/\?(.*)/s)
  const query = new URLSearchParams(rawQuery)
  const presigned = query.has('X-Amz-Signature')
  const authorization = header(request, 'authorization') ?? ''
  const fields = presigned
    ? {
        credential: query.get('X-Amz-Credential') ?? '',
        signedHeaders: query.get('X-Amz-SignedHeaders') ?? '',
        signature: query.get('X-Amz-Signature') ?? '',
        date: query.get('X-Amz-Date') ?? '',
      }
    : {
        credential: /Credential=([^,]+)/.exec(authorization)?.[1] ?? '',
        signedHeaders: /SignedHeaders=([^,]+)/.exec(authorization)?.[1] ?? '',
        signature: /Signature=([0-9a-f]+)/.exec(authorization)?.[1] ?? '',
        date: header(request, 'x-amz-date') ?? '',
      }
  if (!presigned && !authorization.startsWith('AWS4-HMAC-SHA256 ')) {
    return { ok: false, code: 'AccessDenied', message: 'Not signed with AWS4-HMAC-SHA256' }
  }
  const [accessKey = '', day = '', region = '', service = '', terminator] = fields.credential.split('/')
  const secret = secrets[accessKey]
  if (!secret || terminator !== 'aws4_request') {
    return { ok: false, code: 'InvalidAccessKeyId', message: `Unknown access key ${accessKey}` }
  }
  if (presigned) {
    const signedAt = Date.parse(
      fields.date.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'),
    )
    if (!(signedAt + Number(query.get('X-Amz-Expires')) * 1000 >= now)) {
      return { ok: false, code: 'AccessDenied', message: 'Request has expired' }
    }
  }
  const canonicalQuery = [...query.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [encode(name), encode(value)])
    .sort(([a = '', b = ''], [c = '', d = '']) => (a === c ? (b < d ? -1 : 1) : a < c ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&')
  const names = fields.signedHeaders.split(';')
  const canonicalHeaders = names
    .map((name) => `${name}:${(header(request, name) ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('')
  const payload = presigned ? 'UNSIGNED-PAYLOAD' : (header(request, 'x-amz-content-sha256') ?? '')
  const canonical = [
    request.method,
    path,
    canonicalQuery,
    canonicalHeaders,
    fields.signedHeaders,
    payload,
  ].join('\n')
  const scope = `${day}/${region}/${service}/aws4_request`
  const toSign = ['AWS4-HMAC-SHA256', fields.date, scope, sha256Hex(canonical)].join('\n')
  let key: Buffer = hmac(`AWS4${secret}`, day)
  for (const part of [region, service, 'aws4_request']) key = hmac(key, part)
  const expected = hmac(key, toSign)
  const given = Buffer.from(fields.signature, 'hex')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, code: 'SignatureDoesNotMatch', message: 'The request signature does not match' }
  }
  return { ok: true }
}
