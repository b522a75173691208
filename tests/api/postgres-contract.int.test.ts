// The API's contract on each database engine: every call that writes or reads packages, once
// through REST and once through tRPC, on one product. The `postgres` project runs this file
// against PostgreSQL, beside the database layer's own tests (vite.config.ts, POSTGRES_TESTS);
// the full API tests (server/api/rest/api.int.test.ts and the others) run on SQLite.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Package, packageSchema } from '../../shared/api.ts'
import { MESSAGES } from '../../shared/constants.ts'
import { packageWithoutMraid, validPackage } from '../fixtures/packages.ts'
import { createTestApp, type TestApp, uploadPackage } from '../helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.cleanup())

const rest = async (method: string, path: string) => {
  const response = await t.app.request(`/ads-preview/api${path}`, { method, headers: t.auth })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

async function trpc(procedure: string, input?: unknown, method: 'GET' | 'POST' = 'POST') {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`
  const response = await t.app.request(`/ads-preview/trpc/${procedure}${method === 'GET' ? query : ''}`, {
    method,
    headers: { ...t.auth, 'Content-Type': 'application/json' },
    ...(method === 'POST' ? { body: JSON.stringify(input) } : {}),
  })
  const body = (await response.json()) as {
    result?: { data: unknown }
    error?: { data: { apiError: unknown } }
  }
  return { status: response.status, data: body.result?.data, apiError: body.error?.data.apiError }
}

const listedUuids = async () =>
  ((await rest('GET', '/packages')).body.packages as Package[]).map((p) => p.uuid)

async function createdByRest(filename: string, zip: Uint8Array, policy = 'none') {
  const result = await uploadPackage(t, filename, zip, policy)
  expect(result.response.status).toBe(201)
  return packageSchema.parse(((await result.response.json()) as { package: unknown }).package)
}

describe('REST', () => {
  it('uploads, validates, creates, lists, reads, deletes and restores a package', async () => {
    const zip = validPackage('rest')
    const pkg = await createdByRest('rest.zip', zip)
    expect(pkg).toMatchObject({ filename: 'rest.zip', filename_version: 1, file_size: zip.byteLength })
    expect((await listedUuids())[0]).toBe(pkg.uuid)
    const download = await t.app.request(t.pathOf(pkg.package_url))
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(zip)
    expect((await t.app.request(t.pathOf(pkg.index_url))).status).toBe(200)
    const targets = await rest('GET', `/packages/${pkg.uuid}/targets`)
    expect(targets.status).toBe(200)

    expect((await rest('DELETE', `/packages/${pkg.uuid}`)).body).toEqual({
      uuid: pkg.uuid,
      undoUntil: expect.any(String),
    })
    expect(await listedUuids()).not.toContain(pkg.uuid)
    expect((await rest('POST', `/packages/${pkg.uuid}/restore`)).body.package).toEqual(pkg)
    expect(await listedUuids()).toContain(pkg.uuid)
    // 1.4 s measured alone, 5.2 s beside the integration tier with `yes` running, load average
    // 30 on 2 cores: the file's first validation starts the inspecting process; budget 15 s.
  }, 15_000)

  it('refuses a taken name, keeps both under keep, and replaces under overwrite', async () => {
    const first = await createdByRest('rest-names.zip', validPackage('first'))
    const taken = await uploadPackage(t, 'rest-names.zip', validPackage('taken'))
    expect(taken.response.status).toBe(409)
    expect(await taken.response.json()).toEqual({ message: MESSAGES.filenameExists, filenameExists: true })
    const kept = await createdByRest('rest-names.zip', validPackage('kept'), 'keep')
    expect(kept.filename_version).toBe(2)
    const replaced = await createdByRest('rest-names.zip', validPackage('replaced'), 'overwrite')
    expect([first.id, kept.id]).toContain(replaced.id)
    const listed = await listedUuids()
    expect(listed).toContain(replaced.uuid)
    expect(listed.filter((uuid) => [first.uuid, kept.uuid].includes(uuid))).toHaveLength(1)
  })

  it('answers 422 with the inspector details for a package without mraid.js', async () => {
    const result = await uploadPackage(t, 'rest-bad.zip', packageWithoutMraid())
    expect(result.response.status).toBe(422)
    expect(((await result.response.json()) as { message: string }).message).toBe(MESSAGES.validationFailed)
  })
})

describe('tRPC', () => {
  async function uploaded(filename: string, zip: Uint8Array, policy = 'none') {
    const url = await trpc('upload.getUrl', { filename, contentType: 'application/zip', policy })
    expect(url.status).toBe(200)
    const { signedRequest, uuid } = url.data as { signedRequest: string; uuid: string }
    const put = await t.app.request(t.pathOf(signedRequest), {
      method: 'PUT',
      body: zip as Uint8Array<ArrayBuffer>,
      headers: { 'Content-Type': 'application/zip' },
    })
    expect(put.status).toBe(200)
    return uuid
  }

  it('uploads, validates, creates, lists, reads, deletes and restores a package', async () => {
    const uuid = await uploaded('trpc.zip', validPackage('trpc'))
    expect((await trpc('upload.validate', { uuid, requireMraid: true })).status).toBe(200)
    const create = await trpc('packages.create', { uuid })
    const { package: pkg, created } = create.data as { package: Package; created: boolean }
    expect(created).toBe(true)
    expect(pkg).toMatchObject({ uuid, filename: 'trpc.zip', filename_version: 1 })
    expect((await trpc('packages.create', { uuid })).data).toEqual({ package: pkg, created: false })

    const list = await trpc('packages.list', undefined, 'GET')
    expect(list.data).toEqual((await rest('GET', '/packages')).body)
    expect(((await trpc('packages.get', { uuid }, 'GET')).data as { package: Package }).package).toEqual(pkg)
    expect((await trpc('packages.adSizes', undefined, 'GET')).status).toBe(200)
    expect((await trpc('targets.matrix', { uuid }, 'GET')).data).toEqual(
      (await rest('GET', `/packages/${uuid}/targets`)).body,
    )

    expect((await trpc('packages.delete', { uuid })).data).toEqual({ uuid, undoUntil: expect.any(String) })
    expect(await listedUuids()).not.toContain(uuid)
    expect(((await trpc('packages.restore', { uuid })).data as { package: Package }).package).toEqual(pkg)
    expect(await listedUuids()).toContain(uuid)
  })

  it('refuses a taken name and an unknown package as REST does, and replaces under overwrite', async () => {
    const first = await uploaded('trpc-names.zip', validPackage('first'))
    await trpc('upload.validate', { uuid: first, requireMraid: true })
    const original = (await trpc('packages.create', { uuid: first })).data as { package: Package }
    const taken = await trpc('upload.getUrl', {
      filename: 'trpc-names.zip',
      contentType: 'application/zip',
      policy: 'none',
    })
    expect(taken.status).toBe(409)
    expect(taken.apiError).toEqual({ message: MESSAGES.filenameExists, filenameExists: true })
    const unknown = await trpc('packages.delete', { uuid: 'unknown' })
    expect(unknown.status).toBe(404)
    expect(unknown.apiError).toEqual({ message: MESSAGES.packageNotFound })

    const second = await uploaded('trpc-names.zip', validPackage('second'), 'overwrite')
    await trpc('upload.validate', { uuid: second, requireMraid: true })
    const replaced = (await trpc('packages.create', { uuid: second })).data as { package: Package }
    expect(replaced.package.id).toBe(original.package.id)
    expect(await listedUuids()).not.toContain(first)
  })

  it('answers a package without mraid.js with the same 422 as REST', async () => {
    const bad = await uploadPackage(t, 'trpc-bad.zip', packageWithoutMraid())
    const invalid = await trpc('upload.validate', { uuid: bad.uuid, requireMraid: true })
    expect(invalid.status).toBe(422)
    expect(invalid.apiError).toEqual(await bad.response.json())
  })
})
