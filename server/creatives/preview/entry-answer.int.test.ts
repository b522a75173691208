// Range requests and streamed entries through the real app (a large entry must not be held in
// memory): a single range is answered with 206 for small, stored and deflated files and for
// downloads; a lying entry is cut at its declared size.
import { deflateRawSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildZip } from '../../../shared/zip/test-zip-builder.ts'
import { largeEntryZip } from '../../../tests/fixtures/large-entry-zip.ts'
import { createTestApp, type TestApp, uploadPackage } from '../../../tests/helpers/test-app.ts'

const INDEX = { 'index.html': '<script src="mraid.js"></script><video src="clip.mp4"></video>' }
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.cleanup())

async function createdPaths(filename: string, zip: Uint8Array) {
  const result = await uploadPackage(t, filename, zip)
  expect(result.response.status).toBe(201)
  const { package: pkg } = (await result.response.json()) as {
    package: { index_url: string; package_url: string }
  }
  return {
    entry: (name: string) => t.pathOf(pkg.index_url).replace('index.html', name),
    download: t.pathOf(pkg.package_url),
  }
}

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer())

describe.each([
  ['deflated', 8],
  ['stored', 0],
] as const)('a large %s entry', (_name, method) => {
  const zip = largeEntryZip({ mebibytes: 3, ratio: 3, method, name: 'clip.mp4', files: INDEX })
  let paths: Awaited<ReturnType<typeof createdPaths>>
  beforeAll(async () => {
    paths = await createdPaths(`large-${method}.zip`, Buffer.concat(zip.parts))
  })

  it('streams whole, with its length, and answers HEAD without a body', async () => {
    const whole = await t.app.request(paths.entry('clip.mp4'))
    expect(whole.status).toBe(200)
    expect(whole.headers.get('content-length')).toBe(String(zip.entrySize))
    expect(whole.headers.get('accept-ranges')).toBe('bytes')
    expect((await bytesOf(whole)).equals(zip.contentAt(0, zip.entrySize))).toBe(true)
    const head = await t.app.request(paths.entry('clip.mp4'), { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(zip.entrySize))
    expect((await bytesOf(head)).length).toBe(0)
  })

  it('answers ranges with 206 and exactly those bytes, and 416 past the end', async () => {
    const at = 1_500_000
    const middle = await t.app.request(paths.entry('clip.mp4'), {
      headers: { Range: `bytes=${at}-${at + 999}` },
    })
    expect(middle.status).toBe(206)
    expect(middle.headers.get('content-range')).toBe(`bytes ${at}-${at + 999}/${zip.entrySize}`)
    expect((await bytesOf(middle)).equals(zip.contentAt(at, 1000))).toBe(true)
    const suffix = await t.app.request(paths.entry('clip.mp4'), { headers: { Range: 'bytes=-100' } })
    expect((await bytesOf(suffix)).equals(zip.contentAt(zip.entrySize - 100, 100))).toBe(true)
    const past = await t.app.request(paths.entry('clip.mp4'), {
      headers: { Range: `bytes=${zip.entrySize}-` },
    })
    expect(past.status).toBe(416)
    expect(past.headers.get('content-range')).toBe(`bytes */${zip.entrySize}`)
    // A range for another version of the file (If-Range) gets the whole file.
    const stale = await t.app.request(paths.entry('clip.mp4'), {
      headers: { Range: 'bytes=0-9', 'If-Range': '"old"' },
    })
    expect(stale.status).toBe(200)
    await stale.body?.cancel()
  })
})

it('answers ranges of a small file and of a download', async () => {
  const zip = Buffer.concat(largeEntryZip({ mebibytes: 1, ratio: 4, name: 'clip.mp4', files: INDEX }).parts)
  const paths = await createdPaths('small.zip', zip)
  const index = await t.app.request(paths.entry('index.html'), { headers: { Range: 'bytes=8-17' } })
  expect(index.status).toBe(206)
  expect(await index.text()).toBe(INDEX['index.html'].slice(8, 18))
  const download = await t.app.request(paths.download, { headers: { Range: 'bytes=100-' } })
  expect(download.status).toBe(206)
  expect(download.headers.get('content-range')).toBe(`bytes 100-${zip.length - 1}/${zip.length}`)
  expect((await bytesOf(download)).equals(zip.subarray(100))).toBe(true)
})

it('cuts an entry that inflates past its declared size instead of serving (or holding) the rest', async () => {
  const real = Buffer.alloc(3 * 1024 * 1024, 'A')
  const lying = buildZip([
    { name: 'index.html', data: INDEX['index.html'] },
    { name: 'clip.mp4', data: real, method: 8, declaredSize: 1_100_000 },
  ])
  expect(deflateRawSync(real).length).toBeLessThan(10_000)
  const paths = await createdPaths('lying.zip', lying)
  const response = await t.app.request(paths.entry('clip.mp4'))
  await expect(bytesOf(response)).rejects.toThrow(/inflates past its declared size/)
})
