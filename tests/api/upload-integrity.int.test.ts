// Attacks on the upload path, against the real server on a socket (the product in this process,
// signed in through its embedded provider): one upload
// URL stores at most one body, so a PUT that completes after another, or after validation, is
// refused and changes nothing; create refuses bytes that are not the validated ones; the server,
// not the caller, decides that MRAID is required; a user cannot open unfinished uploads without
// limit. (The security review's "a validated package replaced after the fact" and its weaknesses.)
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { Package } from '../../shared/api.ts'
import { PREVIEW_RAW_PARAM } from '../../shared/paths.ts'
import { buildZip } from '../../shared/zip/test-zip-builder.ts'
import { packageWithoutMraid, VALID_INDEX_HTML, validPackage } from '../fixtures/packages.ts'
import { type EmbeddedProduct, startEmbeddedProduct } from '../helpers/embedded-product.ts'
import { implicitAccessToken } from '../helpers/oidc-http.ts'

const EMAIL = 'qa@example.com'
const PASSWORD = 'correct-horse-battery'
let product: EmbeddedProduct
let token: string

beforeAll(async () => {
  product = await startEmbeddedProduct(
    'integrity',
    { email: EMAIL, password: PASSWORD },
    { CHROMIUM_PATH: '/nonexistent', MAX_PENDING_UPLOADS: '4' },
  )
  token = await implicitAccessToken(product.base, EMAIL, PASSWORD)
})
afterAll(() => product?.close())

const api = (route: string, init: RequestInit = {}) =>
  fetch(`${product.base}${route}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  })

async function uploadUrl(filename: string) {
  const query = new URLSearchParams({ filename, contentType: 'application/zip', policy: 'keep' })
  const response = await api(`/api/upload/get-package-upload-url?${query}`)
  expect(response.status).toBe(200)
  return (await response.json()) as { signedRequest: string; uuid: string }
}

const put = async (url: string, body: Uint8Array) =>
  (
    await fetch(url, {
      method: 'PUT',
      body: body as Uint8Array<ArrayBuffer>,
      headers: { 'content-type': 'application/zip' },
    })
  ).status

const validate = (uuid: string, body = '{"requireMraid":true}') =>
  api(`/api/upload/validate-package-upload/${uuid}`, { method: 'POST', body })
const create = (uuid: string) => api(`/api/packages/${uuid}`, { method: 'POST' })
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** A zip an attacker wants served: it writes outside the package when unpacked. */
const escaping = () =>
  buildZip([
    { name: 'index.html', data: '<script src="mraid.js"></script><p>unvalidated</p>' },
    { name: '../../escape.txt', data: 'x'.repeat(200_000) },
  ])

/** A PUT that sends its first half now and the rest when told; answers its status. */
function slowPut(url: string, body: Uint8Array) {
  const request = http.request(url, {
    method: 'PUT',
    headers: { 'content-type': 'application/zip', 'content-length': String(body.byteLength) },
  })
  const status = new Promise<number>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    request.on('error', reject)
  })
  const half = Math.floor(body.byteLength / 2)
  request.write(body.subarray(0, half))
  return {
    finish: () => {
      request.end(body.subarray(half))
      return status
    },
  }
}

async function expectServedBytes(pkg: Package, zip: Uint8Array) {
  const download = new Uint8Array(await (await fetch(pkg.package_url)).arrayBuffer())
  expect(sha256(download)).toBe(sha256(zip))
  expect(pkg.sha256).toBe(sha256(zip))
  // ?raw=1: the stored entry byte for byte (index_url itself places the MRAID host first).
  expect(await (await fetch(`${pkg.index_url}?${PREVIEW_RAW_PARAM}=1`)).text()).toBe(VALID_INDEX_HTML)
}

it('a slow PUT that completes after a valid one was validated and created is refused and changes nothing', async () => {
  const { signedRequest, uuid } = await uploadUrl('raced.zip')
  const attacker = slowPut(signedRequest, escaping())
  const zip = validPackage('raced')
  expect(await put(signedRequest, zip)).toBe(200)
  expect((await validate(uuid)).status).toBe(200)
  const created = await create(uuid)
  expect(created.status).toBe(201)
  expect(await attacker.finish()).toBe(409)
  await expectServedBytes(((await created.json()) as { package: Package }).package, zip)
})

it('a second PUT to a used URL after validation is refused (409), and create keeps the validated bytes', async () => {
  const { signedRequest, uuid } = await uploadUrl('second-put.zip')
  const zip = validPackage('first')
  expect(await put(signedRequest, zip)).toBe(200)
  expect((await validate(uuid)).status).toBe(200)
  expect(await put(signedRequest, escaping())).toBe(409)
  const created = await create(uuid)
  expect(created.status).toBe(201)
  await expectServedBytes(((await created.json()) as { package: Package }).package, zip)
})

it('create refuses pinned bytes that changed after validation', async () => {
  const { signedRequest, uuid } = await uploadUrl('changed.zip')
  expect(await put(signedRequest, validPackage('changed'))).toBe(200)
  expect((await validate(uuid)).status).toBe(200)
  // Whatever changed them (a store that cannot refuse a write): create checks size and sha256.
  for (const file of fs
    .readdirSync(path.join(product.dataDir, 'blobs', 'packages'))
    .filter((f) => f.startsWith(uuid))) {
    fs.rmSync(path.join(product.dataDir, 'blobs', 'packages', file))
    fs.writeFileSync(path.join(product.dataDir, 'blobs', 'packages', file), escaping())
  }
  const refused = await create(uuid)
  expect(refused.status).toBe(409)
  expect(((await refused.json()) as { message: string }).message).toMatch(/not the one that was validated/)
})

it('the server requires MRAID whatever the caller sends', async () => {
  const { signedRequest, uuid } = await uploadUrl('no-mraid.zip')
  expect(await put(signedRequest, packageWithoutMraid())).toBe(200)
  const answer = await validate(uuid, '{"requireMraid":false}')
  expect(answer.status).toBe(422)
  expect(((await answer.json()) as { details: string[] }).details.join()).toMatch(/mraid/i)
  expect((await create(uuid)).status).toBe(409)
})

it('caps the unfinished uploads one user may hold (429), and finishing one frees a place', async () => {
  const open: { uuid: string; signedRequest: string }[] = []
  const query = (n: number) =>
    new URLSearchParams({ filename: `pending-${n}.zip`, contentType: 'application/zip', policy: 'keep' })
  for (let n = 0; ; n++) {
    const response = await api(`/api/upload/get-package-upload-url?${query(n)}`)
    if (response.status !== 200) {
      expect(response.status).toBe(429)
      expect(((await response.json()) as { message: string }).message).toMatch(/Too many unfinished uploads/)
      break
    }
    open.push((await response.json()) as { uuid: string; signedRequest: string })
    expect(n).toBeLessThan(10)
  }
  expect(open.length).toBeLessThanOrEqual(4)
  const first = open[0]!
  expect(await put(first.signedRequest, validPackage('pending'))).toBe(200)
  expect((await validate(first.uuid)).status).toBe(200)
  expect((await create(first.uuid)).status).toBe(201)
  expect((await api(`/api/upload/get-package-upload-url?${query(99)}`)).status).toBe(200)
})
