// REQUIRE_MRAID, as docs/configuration.md's table promises it: on by default, the server refuses a
// package without MRAID whatever the caller sends; set to 0, such a package passes unless the
// caller asks for MRAID (the web app always does, as the spec's validate call says).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { packageWithoutMraid } from '../../../tests/fixtures/packages.ts'
import { createTestApp, PUBLIC_URL, type TestApp } from '../../../tests/helpers/test-app.ts'

/** Uploads a package without MRAID and validates it with the caller's requireMraid. */
async function validateWithoutMraid(t: TestApp, requireMraid: boolean) {
  const query = new URLSearchParams({
    filename: 'no-mraid.zip',
    contentType: 'application/zip',
    policy: 'keep',
  })
  const url = await t.app.request(`/ads-preview/api/upload/get-package-upload-url?${query}`, {
    headers: t.auth,
  })
  const { signedRequest, uuid } = (await url.json()) as { signedRequest: string; uuid: string }
  expect(signedRequest.startsWith(PUBLIC_URL)).toBe(true)
  const put = await t.app.request(t.pathOf(signedRequest), {
    method: 'PUT',
    body: packageWithoutMraid() as Uint8Array<ArrayBuffer>,
    headers: { 'Content-Type': 'application/zip' },
  })
  expect(put.status).toBe(200)
  const validate = await t.app.request(`/ads-preview/api/upload/validate-package-upload/${uuid}`, {
    method: 'POST',
    headers: { ...t.auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ requireMraid }),
  })
  return { uuid, validate }
}

describe.each<{ env: Record<string, string>; name: string; callerFalse: number }>([
  { env: {}, name: 'REQUIRE_MRAID unset (on)', callerFalse: 422 },
  { env: { REQUIRE_MRAID: '0' }, name: 'REQUIRE_MRAID=0', callerFalse: 200 },
])('$name', ({ env, callerFalse }) => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(env)
  })
  afterAll(() => t?.cleanup())

  it(`a package without MRAID, caller sends requireMraid false: ${callerFalse}`, async () => {
    const { uuid, validate } = await validateWithoutMraid(t, false)
    expect(validate.status).toBe(callerFalse)
    const created = await t.app.request(`/ads-preview/api/packages/${uuid}`, {
      method: 'POST',
      headers: t.auth,
    })
    expect(created.status).toBe(callerFalse === 200 ? 201 : 409)
  })

  it('a package without MRAID, caller sends requireMraid true: refused (422) with the reason', async () => {
    const { validate } = await validateWithoutMraid(t, true)
    expect(validate.status).toBe(422)
    expect(((await validate.json()) as { details: string[] }).details.join()).toMatch(/mraid/i)
  })
})
