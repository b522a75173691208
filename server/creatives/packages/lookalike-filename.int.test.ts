// Names that look alike are one name: "café.zip" typed (NFC) and as macOS hands it out (NFD),
// with a zero-width space, or with a Cyrillic letter in place of a Latin one, meets the
// filename-exists question of the name already there; the first two are stored as that name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MESSAGES } from '../../../shared/constants.ts'
import { validPackage } from '../../../tests/fixtures/packages.ts'
import { createTestApp, type TestApp, uploadPackage } from '../../../tests/helpers/test-app.ts'

const NFC = 'caf\u00e9.zip'
let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
  expect((await uploadPackage(t, NFC, validPackage())).response.status).toBe(201)
})
afterAll(async () => {
  await t.cleanup()
})

const askFor = (filename: string) =>
  t.app.request(
    `/ads-preview/api/upload/get-package-upload-url?${new URLSearchParams({
      filename,
      contentType: 'application/zip',
    })}`,
    { headers: t.auth },
  )

describe('a name that looks like one already here', () => {
  it.each([
    ['in NFD', 'cafe\u0301.zip'],
    ['with a zero-width space', 'caf\u200b\u00e9.zip'],
    ['with a soft hyphen and a byte order mark', 'ca\u00adf\u00e9\ufeff.zip'],
    ['with a Cyrillic letter', 'c\u0430f\u00e9.zip'],
    ['with a Greek letter', 'c\u03b1f\u00e9.zip'],
  ])('%s is asked about as that name', async (_, filename) => {
    const answer = await askFor(filename)
    expect(answer.status).toBe(409)
    expect(await answer.json()).toEqual({ message: MESSAGES.filenameExists, filenameExists: true })
  })

  it('is stored as that name when only its form or invisible characters differ', async () => {
    const kept = await uploadPackage(t, 'cafe\u0301\u200b.zip', validPackage('two'), 'keep')
    expect(kept.response.status).toBe(201)
    const body = (await kept.response.json()) as { package: { filename: string; filename_version: number } }
    expect(body.package).toMatchObject({ filename: NFC, filename_version: 2 })
  })

  it('leaves a name that only shares a length alone', async () => {
    expect((await askFor('cafe.zip!')).status).toBe(200)
    expect((await askFor('cafx.zip')).status).toBe(200)
  })
})
