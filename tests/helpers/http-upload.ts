// The spec's upload flow over real HTTP against a running server: URL, signed PUT, validate,
// create; it stops at the first step that does not answer 2xx.
import { Readable } from 'node:stream'

export interface HttpUploadResult {
  step: 'url' | 'put' | 'validate' | 'create'
  status: number
  uuid?: string
  body: { message?: string; details?: string[]; package?: { index_url: string; package_url: string } }
}

export async function uploadOverHttp(
  base: string,
  token: string,
  filename: string,
  zip: Uint8Array | Buffer[],
): Promise<HttpUploadResult> {
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    })
  const query = new URLSearchParams({ filename, contentType: 'application/zip', policy: 'keep' })
  const url = await api(`/api/upload/get-package-upload-url?${query}`)
  if (url.status !== 200) return { step: 'url', status: url.status, body: await url.json() }
  const { signedRequest, uuid } = (await url.json()) as { signedRequest: string; uuid: string }
  const parts = Array.isArray(zip) ? zip : [Buffer.from(zip)]
  const size = parts.reduce((sum, part) => sum + part.length, 0)
  const put = await fetch(signedRequest, {
    method: 'PUT',
    body: Readable.toWeb(Readable.from(parts)) as ReadableStream,
    headers: { 'content-type': 'application/zip', 'content-length': String(size) },
    duplex: 'half',
  } as RequestInit)
  if (put.status !== 200) return { step: 'put', status: put.status, uuid, body: {} }
  const validate = await api(`/api/upload/validate-package-upload/${uuid}`, { method: 'POST', body: '{}' })
  if (validate.status !== 200)
    return { step: 'validate', status: validate.status, uuid, body: await validate.json() }
  const create = await api(`/api/packages/${uuid}`, { method: 'POST' })
  return { step: 'create', status: create.status, uuid, body: await create.json() }
}
