// The package list's pages (a long list is read in pages) on SQLite and on PostgreSQL: every sort
// walked to its end by cursor, search, the ad-size filter, the count, and the spec's whole list
// without a query.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PackagePage } from '../../../shared/api.ts'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts'

let t: TestApp
// Names chosen for what they test: case, LIKE's own characters, ties in size and time.
const SEEDS = [
  { filename: 'Spring-Sale.zip', fileSize: 300, adWidth: 320, adHeight: 50 },
  { filename: 'spring_50%.zip', fileSize: 100, adWidth: 320, adHeight: 50 },
  { filename: 'summer.zip', fileSize: 300, adWidth: 300, adHeight: 250 },
  { filename: 'autumn.zip', fileSize: 200, adWidth: null, adHeight: null },
  { filename: 'winter.zip', fileSize: 500, adWidth: 320, adHeight: 480 },
  { filename: 'spring2.zip', fileSize: 50, adWidth: 300, adHeight: 250 },
  { filename: 'Autumn-b.zip', fileSize: 200, adWidth: 300, adHeight: 250 },
]
const T0 = Date.UTC(2026, 0, 1)

beforeAll(async () => {
  t = await createTestApp()
  await t.db.write((tx) =>
    tx.insert(t.db.tables.packages).values(
      SEEDS.map((seed, i) => ({
        ...seed,
        uuid: `uuid-${i}`,
        filenameVersion: 1,
        sha256: 'f'.repeat(64),
        blobKey: `packages/uuid-${i}.zip`,
        entry: 'index.html',
        // Two share a moment: the id breaks the tie.
        createdAt: T0 + Math.min(i, 5) * 1000,
      })),
    ),
  )
})
afterAll(() => t.cleanup())

async function list(query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))
  const response = await t.app.request(`/ads-preview/api/packages?${search}`, { headers: t.auth })
  return { status: response.status, body: (await response.json()) as PackagePage & { message?: string } }
}

/** Every page of a query, two at a time, by cursor. */
async function walk(query: Record<string, string>) {
  const names: string[] = []
  let cursor: string | null = null
  do {
    const { body } = await list({ ...query, limit: 2, ...(cursor ? { cursor } : {}) })
    expect(body.total).toBe(SEEDS.length)
    names.push(...body.packages.map((p) => p.filename))
    cursor = body.nextCursor
  } while (cursor)
  return names
}

describe('the package list', () => {
  it('answers the spec shape, every package newest first, without a query', async () => {
    const response = await t.app.request('/ads-preview/api/packages', { headers: t.auth })
    const body = (await response.json()) as Record<string, unknown>
    expect(Object.keys(body)).toEqual(['packages'])
    expect((body.packages as { filename: string }[]).map((p) => p.filename)).toEqual([
      'Autumn-b.zip',
      'spring2.zip',
      'winter.zip',
      'autumn.zip',
      'summer.zip',
      'spring_50%.zip',
      'Spring-Sale.zip',
    ])
  })

  it.each([
    ['created', 'desc'],
    ['created', 'asc'],
    ['name', 'asc'],
    ['name', 'desc'],
    ['size', 'desc'],
    ['size', 'asc'],
  ])('walks sort=%s order=%s to its end, each package once, in order', async (sort, order) => {
    const key = {
      created: (i: number) => [T0 + Math.min(i, 5) * 1000, i] as const,
      name: (i: number) => [SEEDS[i]!.filename.toLowerCase(), i] as const,
      size: (i: number) => [SEEDS[i]!.fileSize, i] as const,
    }[sort as 'created' | 'name' | 'size']
    const expected = SEEDS.map((_, i) => i)
      .sort((a, b) => {
        const [ka, ia] = key(a)
        const [kb, ib] = key(b)
        const byKey = ka < kb ? -1 : ka > kb ? 1 : ia - ib
        return order === 'asc' ? byKey : -byKey
      })
      .map((i) => SEEDS[i]!.filename)
    expect(await walk({ sort, order })).toEqual(expected)
  })

  it('searches names in any case, taking % and _ as themselves, and counts what matches', async () => {
    const spring = await list({ search: 'SPRING', sort: 'name' })
    expect(spring.body.packages.map((p) => p.filename)).toEqual([
      'Spring-Sale.zip',
      'spring2.zip',
      'spring_50%.zip',
    ])
    expect(spring.body.total).toBe(3)
    expect((await list({ search: '_50%' })).body.packages.map((p) => p.filename)).toEqual(['spring_50%.zip'])
    expect((await list({ search: 'g_' })).body.total).toBe(1)
    expect((await list({ search: 'nothing like it' })).body).toMatchObject({
      packages: [],
      total: 0,
      nextCursor: null,
    })
  })

  it('filters by ad size, or by none declared', async () => {
    const mrec = await list({ adSize: '300x250', sort: 'name' })
    expect(mrec.body.packages.map((p) => p.filename)).toEqual(['Autumn-b.zip', 'spring2.zip', 'summer.zip'])
    expect(mrec.body.packages.every((p) => p.ad_size === '300x250')).toBe(true)
    expect((await list({ adSize: 'none' })).body.packages.map((p) => p.filename)).toEqual(['autumn.zip'])
    expect((await list({ adSize: '320x50', search: 'sale' })).body.total).toBe(1)
  })

  it('refuses a bad limit, an unknown sort and a cursor of another sort, naming the parameter', async () => {
    expect(await list({ limit: 500 })).toMatchObject({
      status: 400,
      body: { message: 'limit: limit must be 200 or less' },
    })
    expect((await list({ sort: 'colour' })).status).toBe(400)
    const { body } = await list({ sort: 'size', limit: 1 })
    const other = await list({ sort: 'name', cursor: body.nextCursor! })
    expect(other).toMatchObject({ status: 400, body: { message: expect.stringContaining('another sort') } })
  })

  it('answers the same page through tRPC, and the ad sizes with their counts', async () => {
    const rest = await list({ search: 'spring', limit: 2 })
    const input = encodeURIComponent(JSON.stringify({ search: 'spring', limit: 2 }))
    const trpc = await t.app.request(`/ads-preview/trpc/packages.list?input=${input}`, { headers: t.auth })
    expect(((await trpc.json()) as { result: { data: unknown } }).result.data).toEqual(rest.body)
    const sizes = await t.app.request('/ads-preview/trpc/packages.adSizes', { headers: t.auth })
    expect(((await sizes.json()) as { result: { data: unknown } }).result.data).toEqual([
      { adSize: '300x250', count: 3 },
      { adSize: '320x50', count: 2 },
      expect.objectContaining({ count: 1 }),
      expect.objectContaining({ count: 1 }),
    ])
  })
})
