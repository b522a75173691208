import fs from 'node:fs'
import path from 'node:path'
// The REST API and its tRPC twin, on one product for the whole file: each test names its own
// packages, so none counts on an empty database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packageSchema } from '../../../shared/api.ts'
import { MESSAGES } from '../../../shared/constants.ts'
import {
  packageWithoutMraid,
  VALID_INDEX_HTML,
  validPackage,
  zipOf,
} from '../../../tests/fixtures/packages.ts'
import { createTestApp, type TestApp, uploadPackage } from '../../../tests/helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.cleanup())

async function json(response: Response) {
  return (await response.json()) as Record<string, unknown>
}

/** A REST call on one package: POST creates it from its upload, DELETE deletes it. */
const onPackage = (method: 'POST' | 'DELETE', uuid: string) =>
  t.app.request(`/ads-preview/api/packages/${uuid}`, { method, headers: t.auth })

/** GET /api/packages, as JSON. */
const listed = async () => json(await t.app.request('/ads-preview/api/packages', { headers: t.auth }))

/** The listed packages named `filename`. */
const listedNamed = async (filename: string) =>
  ((await listed()).packages as { filename: string; uuid: string }[]).filter((p) => p.filename === filename)

async function created(filename: string, zip = validPackage(), policy = 'none') {
  const result = await uploadPackage(t, filename, zip, policy)
  expect(result.step).toBe('create')
  expect(result.response.status).toBe(201)
  return packageSchema.parse((await json(result.response)).package)
}

describe('bearer check', () => {
  it('answers 401 with a JSON message without a token, with a bad one, and with an id token', async () => {
    const missing = await t.app.request('/ads-preview/api/packages')
    expect(missing.status).toBe(401)
    expect(missing.headers.get('www-authenticate')).toBe('Bearer')
    expect(await json(missing)).toEqual({ message: MESSAGES.unauthorized })
    const garbage = await t.app.request('/ads-preview/api/packages', {
      headers: { Authorization: 'Bearer nope' },
    })
    expect(garbage.status).toBe(401)
    const idToken = await t.issuer.sign({ nonce: 'n-1' }, { typ: 'JWT' })
    const asIdToken = await t.app.request('/ads-preview/api/packages', {
      headers: { Authorization: `Bearer ${idToken}` },
    })
    expect(asIdToken.status).toBe(401)
    const trpc = await t.app.request('/ads-preview/trpc/packages.list')
    expect(trpc.status).toBe(401)
  })
})

describe('upload, validate, create, list', () => {
  it('creates a package with every field and lists it first', async () => {
    const zip = validPackage()
    const pkg = await created('banner.zip', zip)
    expect(pkg).toMatchObject({
      filename: 'banner.zip',
      filename_version: 1,
      file_size: zip.byteLength,
      ad_size: '300x250',
    })
    expect(pkg.package_url).toBe(`http://localhost:3999/ads-preview/files/packages/${pkg.uuid}/banner.zip`)
    expect(pkg.index_url).toBe(`http://localhost:3999/ads-preview/preview/${pkg.uuid}/index.html`)
    expect(Date.now() - Date.parse(pkg.created_at)).toBeLessThan(10_000)
    const second = await created('second.zip')
    const list = await listed()
    expect((list.packages as { uuid: string }[]).map((p) => p.uuid).slice(0, 2)).toEqual([
      second.uuid,
      pkg.uuid,
    ])
    // 0.9 s measured alone, 6.0 s beside the integration tier with `yes` running, load average
    // 30 on 2 cores: the file's first validation starts the inspecting process; budget 15 s.
  }, 15_000)

  it('downloads the exact uploaded bytes under the filename', async () => {
    const zip = validPackage('download')
    const pkg = await created('Spring Sale ä.zip', zip)
    const response = await t.app.request(t.pathOf(pkg.package_url))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''Spring%20Sale%20%C3%A4.zip",
    )
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(zip)
  })

  it('serves the preview sandboxed with the MRAID host first, byte for byte with ?raw=1, and mraid.js', async () => {
    const pkg = await created('preview.zip')
    const index = await t.app.request(t.pathOf(pkg.index_url))
    expect(index.status).toBe(200)
    expect(index.headers.get('content-security-policy')).toMatch(/^sandbox allow-scripts/)
    expect(index.headers.get('content-security-policy')).not.toContain('allow-same-origin')
    // As an SDK's web view holds it: the host comes first, after the doctype.
    expect(await index.text()).toBe(
      VALID_INDEX_HTML.replace('<!doctype html>', '<!doctype html><script src="mraid.js"></script>'),
    )
    expect(await (await t.app.request(`${t.pathOf(pkg.index_url)}?raw=1`)).text()).toBe(VALID_INDEX_HTML)
    const mraid = await t.app.request(t.pathOf(pkg.index_url).replace('index.html', 'mraid.js'))
    expect(mraid.headers.get('content-type')).toContain('javascript')
    expect(await mraid.text()).toContain('getVersion')
    const missing = await t.app.request(t.pathOf(pkg.index_url).replace('index.html', 'nope.png'))
    expect(missing.status).toBe(404)
    expect((await t.app.request(t.pathOf(pkg.index_url).replace('index.html', '%E0%A4%A.png'))).status).toBe(
      404,
    )
  })

  it('shows the largest image as thumbnail until a rendered one exists, else a tile with the ad size', async () => {
    const withImages = await created(
      'images.zip',
      zipOf({
        'index.html': '<script src="mraid.js"></script><img src="small.png"><img src="big.png">',
        'small.png': new Uint8Array(100).fill(1),
        'big.png': new Uint8Array(5000).fill(2),
      }),
    )
    const image = await t.app.request(t.pathOf(withImages.preview_url.thumbnail))
    expect(image.headers.get('content-type')).toBe('image/png')
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(new Uint8Array(5000).fill(2))
    const plain = await created('plain.zip')
    const tile = await t.app.request(t.pathOf(plain.preview_url.thumbnail))
    expect(tile.headers.get('content-type')).toBe('image/svg+xml')
    expect(await tile.text()).toContain('300×250')
  })

  it('answers 409 with filenameExists for a taken name under the default policy', async () => {
    await created('dup.zip')
    const result = await uploadPackage(t, 'dup.zip', validPackage())
    expect(result.step).toBe('url')
    expect(result.response.status).toBe(409)
    expect(await json(result.response)).toEqual({ message: MESSAGES.filenameExists, filenameExists: true })
  })

  it('keeps both: the second upload of a name gets version 2', async () => {
    const first = await created('keep.zip')
    const second = await created('keep.zip', validPackage('again'), 'keep')
    expect(second.filename_version).toBe(2)
    expect(second.id).not.toBe(first.id)
  })

  it('replaces: same id, new content, and the old version is gone from the list and its link', async () => {
    const first = await created('replace.zip', validPackage('old'))
    const newZip = validPackage('new content')
    const second = await created('replace.zip', newZip, 'overwrite')
    expect(second.id).toBe(first.id)
    expect(second.uuid).not.toBe(first.uuid)
    expect(second.file_size).toBe(newZip.byteLength)
    // The old bytes stay for REPLACE_UNDO_DAYS, for an administrator's undo (undo-replace.int.test.ts).
    expect(t.blobFiles()).toEqual(expect.arrayContaining([`${first.uuid}.zip`, `${second.uuid}.zip`]))
    expect(await listedNamed('replace.zip')).toHaveLength(1)
    expect((await t.app.request(t.pathOf(first.package_url))).status).toBe(404)
  })

  it('answers 422 with the inspector details for a package without mraid.js, and keeps nothing', async () => {
    const result = await uploadPackage(t, 'bad.zip', packageWithoutMraid())
    expect(result.step).toBe('validate')
    expect(result.response.status).toBe(422)
    const body = await json(result.response)
    expect(body.message).toBe(MESSAGES.validationFailed)
    expect(body.details).toEqual([expect.stringContaining('does not load mraid.js')])
    const create = await onPackage('POST', result.uuid!)
    expect(create.status).toBe(409)
    expect(await json(create)).toEqual({ message: MESSAGES.uploadNotValidated })
  })

  it('refuses create and validate before the file arrived', async () => {
    const query = new URLSearchParams({ filename: 'early.zip', contentType: 'application/zip' })
    const answer = await json(
      await t.app.request(`/ads-preview/api/upload/get-package-upload-url?${query}`, { headers: t.auth }),
    )
    const uuid = answer.uuid as string
    const create = await onPackage('POST', uuid)
    expect(create.status).toBe(409)
    const validate = await t.app.request(`/ads-preview/api/upload/validate-package-upload/${uuid}`, {
      method: 'POST',
      headers: t.auth,
      body: '{"requireMraid":true}',
    })
    expect(validate.status).toBe(409)
    expect(await json(validate)).toEqual({ message: MESSAGES.uploadNotReceived })
  })

  it('answers 400 for a missing filename, a wrong content type parameter and malformed JSON', async () => {
    const noName = await t.app.request(
      '/ads-preview/api/upload/get-package-upload-url?contentType=application/zip',
      { headers: t.auth },
    )
    expect(noName.status).toBe(400)
    expect((await json(noName)).message).toMatch(/^filename:/)
    const wrongType = await t.app.request(
      '/ads-preview/api/upload/get-package-upload-url?filename=a.zip&contentType=text/html',
      {
        headers: t.auth,
      },
    )
    expect(wrongType.status).toBe(400)
    expect((await json(wrongType)).message).toMatch(/^contentType:/)
    const malformed = await t.app.request('/ads-preview/api/upload/validate-package-upload/x', {
      method: 'POST',
      headers: t.auth,
      body: '{not json',
    })
    expect(malformed.status).toBe(400)
    const huge = await t.app.request('/ads-preview/api/upload/validate-package-upload/x', {
      method: 'POST',
      headers: { ...t.auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ requireMraid: true, padding: 'x'.repeat(200_000) }),
    })
    expect(huge.status).toBe(413)
  })

  it('creating the same upload again answers 200 with the same package, not a second one', async () => {
    const pkg = await created('twice.zip')
    const again = await onPackage('POST', pkg.uuid)
    expect(again.status).toBe(200)
    expect(((await json(again)).package as { id: number }).id).toBe(pkg.id)
    expect(await listedNamed('twice.zip')).toHaveLength(1)
  })

  it('answers 404 for an unknown uuid', async () => {
    for (const [method, url] of [
      ['DELETE', '/ads-preview/api/packages/unknown'],
      ['POST', '/ads-preview/api/packages/unknown'],
      ['POST', '/ads-preview/api/upload/validate-package-upload/unknown'],
    ] as const) {
      const response = await t.app.request(url, { method, headers: t.auth })
      expect(response.status, `${method} ${url}`).toBe(404)
    }
  })

  it('deletes a package: the row and its preview go at once, its file when the Undo runs out', async () => {
    const pkg = await created('gone.zip')
    const response = await onPackage('DELETE', pkg.uuid)
    expect(response.status).toBe(200)
    const answer = await json(response)
    expect(answer).toEqual({ uuid: pkg.uuid, undoUntil: expect.any(String) })
    const undoFor = Date.parse(answer.undoUntil as string) - Date.now()
    expect(undoFor).toBeGreaterThan(5_000)
    expect(undoFor).toBeLessThanOrEqual(10_000)
    // Kept for the Undo (server/creatives/retention/ and its tests), never listed or served.
    expect(t.blobFiles()).toContain(`${pkg.uuid}.zip`)
    expect((await t.app.request(t.pathOf(pkg.index_url))).status).toBe(404)
    expect((await t.app.request(t.pathOf(pkg.package_url))).status).toBe(404)
    expect(await listedNamed('gone.zip')).toEqual([])
  })
})

describe('signed PUT', () => {
  // A second product for the limits this file's main one leaves at their defaults: URLs valid
  // 10 s, packages up to 1000 bytes (its signature is checked before either).
  let small: TestApp
  beforeAll(async () => {
    small = await createTestApp({ SIGNED_URL_TTL_SECONDS: '10', MAX_PACKAGE_BYTES: '1000' })
  })
  afterAll(() => small.cleanup())

  async function signedUrl(on = t) {
    const query = new URLSearchParams({ filename: 'put.zip', contentType: 'application/zip' })
    const answer = await json(
      await on.app.request(`/ads-preview/api/upload/get-package-upload-url?${query}`, { headers: on.auth }),
    )
    return { url: on.pathOf(answer.signedRequest as string), uuid: answer.uuid as string }
  }
  const put = (url: string, body: Uint8Array, contentType = 'application/zip', on = t) =>
    on.app.request(url, {
      method: 'PUT',
      body: body as Uint8Array<ArrayBuffer>,
      headers: { 'Content-Type': contentType },
    })

  it('refuses a tampered signature, key or size cap with 403', async () => {
    const { url } = await signedUrl()
    const tampered = [
      url.replace(/sig=[^&]+/, 'sig=AAAA'),
      url.replace(/max=\d+/, 'max=999999999999'),
      url.replace(/key=uploads%2F[0-9a-f-]+/, 'key=uploads%2F00000000-0000-4000-8000-000000000000'),
    ]
    for (const bad of tampered) {
      const response = await put(bad, validPackage())
      expect(response.status, bad).toBe(403)
      expect((await json(response)).message).toBe('The upload URL signature is not valid.')
    }
  })

  it('refuses an expired URL with 403', async () => {
    const { url } = await signedUrl(small)
    const expired = url.replace(/exp=(\d+)/, (_, exp: string) => `exp=${Number(exp) - 11}`)
    const response = await put(expired, validPackage(), 'application/zip', small)
    expect(response.status).toBe(403)
  })

  it('answers 415 for another content type and 413 past the size cap, leaving no file', async () => {
    const { url, uuid } = await signedUrl(small)
    expect((await put(url, validPackage(), 'text/plain', small)).status).toBe(415)
    const big = new Uint8Array(5000)
    const declared = await small.app.request(url, {
      method: 'PUT',
      body: big,
      headers: { 'Content-Type': 'application/zip', 'Content-Length': '5000' },
    })
    expect(declared.status).toBe(413)
    const undeclared = await small.app.request(url, {
      method: 'PUT',
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(big)
          controller.close()
        },
      }),
      headers: { 'Content-Type': 'application/zip' },
      duplex: 'half',
    } as RequestInit)
    expect(undeclared.status).toBe(413)
    expect(fs.readdirSync(path.join(small.dataDir, 'blobs', 'uploads'))).not.toContain(`${uuid}.zip`)
  })

  it('an upload aborted halfway leaves no file and the upload can be sent again', async () => {
    const { url, uuid } = await signedUrl()
    const zip = validPackage()
    const aborted = await t.app.request(url, {
      method: 'PUT',
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(zip.subarray(0, 100))
        },
        pull(controller) {
          controller.error(new Error('connection reset'))
        },
      }),
      headers: { 'Content-Type': 'application/zip' },
      duplex: 'half',
    } as RequestInit)
    expect(aborted.status).toBeGreaterThanOrEqual(400)
    expect(fs.readdirSync(path.join(t.dataDir, 'blobs', 'uploads'))).not.toContain(`${uuid}.zip`)
    expect((await put(url, zip)).status).toBe(200)
    expect(t.blobFiles('uploads')).toContain(`${uuid}.zip`)
  })
})

describe('tRPC gives the same answers as REST', () => {
  async function trpc(procedure: string, input?: unknown, method: 'GET' | 'POST' = 'POST') {
    const url =
      method === 'GET'
        ? `/ads-preview/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`
        : `/ads-preview/trpc/${procedure}`
    const response = await t.app.request(url, {
      method,
      headers: { ...t.auth, 'Content-Type': 'application/json' },
      ...(method === 'POST' ? { body: JSON.stringify(input) } : {}),
    })
    return {
      status: response.status,
      body: (await response.json()) as {
        result?: { data: unknown }
        error?: { data: { apiError: unknown } }
      },
    }
  }

  it('lists, refuses a taken name, validates and deletes with the same shapes and messages', async () => {
    const pkg = await created('same.zip')
    const rest = await listed()
    const list = await trpc('packages.list', undefined, 'GET')
    expect(list.body.result?.data).toEqual(rest)

    const taken = await trpc('upload.getUrl', {
      filename: 'same.zip',
      contentType: 'application/zip',
      policy: 'none',
    })
    expect(taken.status).toBe(409)
    expect(taken.body.error?.data.apiError).toEqual({
      message: MESSAGES.filenameExists,
      filenameExists: true,
    })

    const bad = await uploadPackage(t, 'bad.zip', packageWithoutMraid())
    const restInvalid = await json(bad.response)
    const trpcInvalid = await trpc('upload.validate', { uuid: bad.uuid, requireMraid: true })
    expect(trpcInvalid.status).toBe(422)
    expect(trpcInvalid.body.error?.data.apiError).toEqual(restInvalid)

    const unknown = await trpc('packages.delete', { uuid: 'unknown' })
    expect(unknown.status).toBe(404)
    expect(unknown.body.error?.data.apiError).toEqual({ message: MESSAGES.packageNotFound })
    const deleted = await trpc('packages.delete', { uuid: pkg.uuid })
    expect(deleted.body.result?.data).toEqual({ uuid: pkg.uuid, undoUntil: expect.any(String) })
  })

  it('goes through the whole upload with tRPC', async () => {
    const url = await trpc('upload.getUrl', {
      filename: 'via-trpc.zip',
      contentType: 'application/zip',
      policy: 'none',
    })
    const { signedRequest, uuid } = url.body.result!.data as { signedRequest: string; uuid: string }
    const zip = validPackage()
    const put = await t.app.request(t.pathOf(signedRequest), {
      method: 'PUT',
      body: zip as Uint8Array<ArrayBuffer>,
      headers: { 'Content-Type': 'application/zip' },
    })
    expect(put.status).toBe(200)
    const validation = await trpc('upload.validate', { uuid, requireMraid: true })
    expect(validation.status).toBe(200)
    const create = await trpc('packages.create', { uuid })
    const answer = create.body.result!.data as { package: unknown; created: boolean }
    const pkg = packageSchema.parse(answer.package)
    expect(pkg).toMatchObject({ uuid, filename: 'via-trpc.zip', filename_version: 1 })
    expect(answer.created).toBe(true)
    // As REST answers 200 instead of 201, tRPC says the second create made nothing new.
    const again = await trpc('packages.create', { uuid })
    expect(again.body.result!.data).toEqual({ package: answer.package, created: false })
  })
})
