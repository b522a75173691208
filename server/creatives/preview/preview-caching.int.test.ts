// What a browser may keep: a preview is asked for again at every use (304 while the package
// lives), so deleting a package ends its preview in a browser that had opened it; a shared
// cache may hold it a minute (s-maxage). Before, previews were `immutable` for a year and
// stayed viewable after the delete. API and tRPC answers, which carry what one token sees,
// are never stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API } from '../../../shared/paths.ts'
import { validPackage } from '../../../tests/fixtures/packages.ts'
import { createTestApp, type TestApp, uploadPackage } from '../../../tests/helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(async () => {
  await t?.cleanup()
})

describe('cache headers', () => {
  it('a deleted package’s preview is gone for a browser that had it cached', async () => {
    const { uuid } = await uploadPackage(t, 'cached.zip', validPackage('cached'))
    const first = await t.app.request(API.preview(uuid!))
    expect(first.status).toBe(200)
    const caching = first.headers.get('cache-control')!
    expect(caching).not.toContain('immutable')
    expect(caching).toMatch(/(^|, )max-age=0(,|$)/)
    expect(caching).toContain('must-revalidate')
    expect(caching).toContain('s-maxage=60')
    const etag = first.headers.get('etag')!

    // The browser's revalidation while the package lives: nothing sent again.
    const again = await t.app.request(API.preview(uuid!), { headers: { 'If-None-Match': etag } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')

    expect(
      (await t.app.request(`/ads-preview/api/packages/${uuid}`, { method: 'DELETE', headers: t.auth }))
        .status,
    ).toBe(200)
    const afterDelete = await t.app.request(API.preview(uuid!), { headers: { 'If-None-Match': etag } })
    expect(afterDelete.status).toBe(404)
  })

  it('API and tRPC answers, successes and refusals, are no-store', async () => {
    const answers = [
      await t.app.request('/ads-preview/api/packages', { headers: t.auth }),
      await t.app.request('/ads-preview/api/packages'),
      await t.app.request('/ads-preview/trpc/packages.list', { headers: t.auth }),
      await t.app.request('/ads-preview/api/nothing-here', { headers: t.auth }),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 200, 404])
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store')
  })
})
