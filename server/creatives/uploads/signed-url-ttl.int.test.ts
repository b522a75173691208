// SIGNED_URL_TTL_SECONDS means what it says beyond an hour too (slow lines need longer): a URL valid for two
// hours still takes its PUT after 90 minutes, and the upload is then validated and created.
// The default (15 minutes) refuses the same PUT.
import { afterEach, expect, it, vi } from 'vitest'
import { validPackage } from '../../../tests/fixtures/packages.ts'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts'

let t: TestApp | undefined
afterEach(async () => {
  vi.useRealTimers()
  await t?.cleanup()
})

async function putLater(ttl: Record<string, string>, laterMs: number) {
  t = await createTestApp(ttl)
  const auth = {
    Authorization: `Bearer ${await t.issuer.sign({ exp: Math.floor((Date.now() + laterMs) / 1000) + 600 })}`,
  }
  const query = new URLSearchParams({ filename: 'late.zip', contentType: 'application/zip', policy: 'keep' })
  const answer = (await (
    await t.app.request(`/ads-preview/api/upload/get-package-upload-url?${query}`, { headers: auth })
  ).json()) as { signedRequest: string; uuid: string }
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(Date.now() + laterMs)
  const zip = validPackage('late')
  const put = await t.app.request(t.pathOf(answer.signedRequest), {
    method: 'PUT',
    body: zip as Uint8Array<ArrayBuffer>,
    headers: { 'Content-Type': 'application/zip', 'Content-Length': String(zip.byteLength) },
  })
  return { put, uuid: answer.uuid, auth }
}

it('SIGNED_URL_TTL_SECONDS=7200: a PUT 90 minutes later is taken, validated and created', async () => {
  const { put, uuid, auth } = await putLater({ SIGNED_URL_TTL_SECONDS: '7200' }, 90 * 60 * 1000)
  expect(put.status).toBe(200)
  const validate = await t!.app.request(`/ads-preview/api/upload/validate-package-upload/${uuid}`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ requireMraid: true }),
  })
  expect(validate.status).toBe(200)
  const create = await t!.app.request(`/ads-preview/api/packages/${uuid}`, { method: 'POST', headers: auth })
  expect(create.status).toBe(201)
})

it('the default 15 minutes refuses a PUT 20 minutes later', async () => {
  const { put } = await putLater({}, 20 * 60 * 1000)
  expect(put.status).toBe(403)
  expect(await put.json()).toEqual({ message: 'The upload URL has expired: ask for a new one.' })
})
