// A file name with bidi controls (a disguised file type): "invoice\u202Egpj.exe.zip" reads
// "invoicepiz.exe.jpg". The controls are removed from what is stored and from every place the
// name is shown or handed out, including records stored before the rule.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { validPackage } from '../../../tests/fixtures/packages.ts'
import { createTestApp, type TestApp, uploadPackage } from '../../../tests/helpers/test-app.ts'

const SPOOFED = 'invoice\u202Egpj.exe.zip'
const BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.cleanup())

async function listed() {
  const response = await t.app.request('/ads-preview/api/packages', { headers: t.auth })
  return (
    (await response.json()) as { packages: Array<{ uuid: string; filename: string; package_url: string }> }
  ).packages
}

it('stores, lists and downloads the name without its bidi controls', async () => {
  const result = await uploadPackage(t, SPOOFED, validPackage())
  expect(result.response.status).toBe(201)
  const { uploads } = t.db.tables
  expect(
    await t.db.orm.select({ filename: uploads.filename }).from(uploads).where(eq(uploads.uuid, result.uuid!)),
  ).toEqual([{ filename: 'invoicegpj.exe.zip' }])
  const [pkg] = await listed()
  expect(pkg!.filename).toBe('invoicegpj.exe.zip')
  const download = await t.app.request(t.pathOf(pkg!.package_url))
  expect(download.headers.get('content-disposition')).toBe(
    `attachment; filename="invoicegpj.exe.zip"; filename*=UTF-8''invoicegpj.exe.zip`,
  )
  await download.body?.cancel()
})

it('shows a record stored before the rule without them too', async () => {
  const result = await uploadPackage(t, 'older.zip', validPackage('older'))
  const { packages } = t.db.tables
  await t.db.write((tx) =>
    tx.update(packages).set({ filename: `older\u2067\u202Eexe.zip` }).where(eq(packages.uuid, result.uuid!)),
  )
  const pkg = (await listed()).find((p) => p.uuid === result.uuid)!
  expect(pkg.filename).not.toMatch(BIDI)
  const download = await t.app.request(t.pathOf(pkg.package_url))
  expect(decodeURIComponent(download.headers.get('content-disposition')!)).not.toMatch(BIDI)
  await download.body?.cancel()
})

it('refuses a name made only of bidi controls as an empty one', async () => {
  const query = new URLSearchParams({ filename: '\u202E\u2066', contentType: 'application/zip' })
  const response = await t.app.request(`/ads-preview/api/upload/get-package-upload-url?${query}`, {
    headers: t.auth,
  })
  expect(response.status).toBe(400)
  expect(((await response.json()) as { message: string }).message).toMatch(/filename is required/)
})
