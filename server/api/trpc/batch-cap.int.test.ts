// tRPC batches are capped (one request must not buy unbounded work): a batch of 1,000 list calls
// answered 18 MB; now a batch larger than TRPC_MAX_BATCH_SIZE is refused at once with a short 400.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { TRPC_MAX_BATCH_SIZE } from '../../../shared/constants.ts'
import { validPackage } from '../../../tests/fixtures/packages.ts'
import { createTestApp, type TestApp, uploadPackage } from '../../../tests/helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  for (let i = 0; i < 20; i++) await uploadPackage(t, `banner-${i}.zip`, validPackage(`v${i}`))
})
afterAll(() => t.cleanup())

const batchOfLists = (calls: number) =>
  t.app.request(
    `/ads-preview/trpc/${Array(calls).fill('packages.list').join(',')}?batch=1&input=${encodeURIComponent(
      JSON.stringify(Object.fromEntries(Array.from({ length: calls }, (_, i) => [i, {}]))),
    )}`,
    { headers: t.auth },
  )

it(`answers a batch of ${TRPC_MAX_BATCH_SIZE} calls and refuses a batch of 1,000 without running it`, async () => {
  const allowed = await batchOfLists(TRPC_MAX_BATCH_SIZE)
  expect(allowed.status).toBe(200)
  expect(((await allowed.json()) as unknown[]).length).toBe(TRPC_MAX_BATCH_SIZE)
  const refused = await batchOfLists(1000)
  expect(refused.status).toBe(400)
  const body = await refused.text()
  expect(body.length).toBeLessThan(2000)
  expect(body).toMatch(/batch/i)
})
