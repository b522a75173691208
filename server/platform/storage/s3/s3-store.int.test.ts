// The S3 blob store against a real S3-compatible server (s3rver, with every signature checked
// by tests/helpers/sigv4-check.ts): the product with S3_* set takes a package through a
// presigned PUT, validates it by ranged GETs, serves it from the bucket and deletes it there.
import { createHash, randomBytes } from 'node:crypto'
import { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { VALID_INDEX_HTML, validPackage, zipOf } from '../../../../tests/fixtures/packages.ts'
import { checkPolicy } from '../../../../tests/helpers/bucket-policy.ts'
import { type S3TestServer, startS3Server } from '../../../../tests/helpers/s3-server.ts'
import { createTestApp, type TestApp, uploadPackage } from '../../../../tests/helpers/test-app.ts'
import { claimTarget } from '../../../commands/move/claim-target.ts'
import { purgeRetained } from '../../../creatives/retention/purge-retained.ts'
import { sweepStorage } from '../../../creatives/uploads/sweep-storage.ts'
import { createS3Store } from './s3-store.ts'

let s3: S3TestServer
let t: TestApp

beforeAll(async () => {
  s3 = await startS3Server()
  t = await createTestApp({ ...s3.env, DELETE_UNDO_SECONDS: '1' })
})
afterAll(async () => {
  await t?.cleanup()
  await s3?.close()
})

async function uploadUrl(app: TestApp, filename: string) {
  const query = new URLSearchParams({ filename, contentType: 'application/zip', policy: 'keep' })
  const response = await app.app.request(`/ads-preview/api/upload/get-package-upload-url?${query}`, {
    headers: app.auth,
  })
  expect(response.status).toBe(200)
  return (await response.json()) as { signedRequest: string; uuid: string; url: string }
}

const validate = (app: TestApp, uuid: string) =>
  app.app.request(`/ads-preview/api/upload/validate-package-upload/${uuid}`, {
    method: 'POST',
    headers: { ...app.auth, 'Content-Type': 'application/json' },
    body: '{"requireMraid":true}',
  })

const putZip = (url: string, zip: Uint8Array, contentType = 'application/zip') =>
  fetch(url, {
    method: 'PUT',
    body: zip as Uint8Array<ArrayBuffer>,
    headers: { 'Content-Type': contentType },
  })

describe('with S3_BUCKET set', () => {
  it('takes a package through a presigned PUT to the bucket, serves it from there and deletes it there', async () => {
    // A 3 MB stored (incompressible) asset: validation must not read it.
    const asset = randomBytes(3 * 1024 * 1024)
    const zip = zipOf({ 'index.html': VALID_INDEX_HTML, 'ad.js': 'mraid.getState()', 'video.bin': asset })
    const { signedRequest, uuid } = await uploadUrl(t, 'from-s3.zip')
    expect(new URL(signedRequest).origin).toBe(s3.endpoint)
    expect(new URL(signedRequest).pathname).toBe(`/${s3.bucket}/uploads/${uuid}.zip`)
    expect((await putZip(signedRequest, zip)).status).toBe(200)
    expect(s3.keys('uploads/')).toEqual([`uploads/${uuid}.zip`])

    const before = s3.requests.length
    const validated = await validate(t, uuid)
    expect(validated.status).toBe(200)
    const packageKey = `/${s3.bucket}/packages/${uuid}.zip`
    const reads = s3.requests.slice(before).filter((r) => r.method === 'GET' && r.url === packageKey)
    // The zip was read by ranges, the central directory (the tail) first, and never whole.
    expect(reads.length).toBeGreaterThan(0)
    expect(reads.every((r) => r.range)).toBe(true)
    const ranges = reads.map(
      (r) =>
        /bytes=(\d+)-(\d+)/
          .exec(r.range ?? '')!
          .slice(1)
          .map(Number) as [number, number],
    )
    // The tail is read in aligned 128 KiB blocks: the first GET lies in the last 384 KiB.
    expect(ranges[0]![0]).toBeGreaterThan(zip.byteLength - 384 * 1024)
    expect(ranges.some(([, end]) => end === zip.byteLength - 1)).toBe(true)
    const readBytes = ranges.reduce((sum, [start, end]) => sum + end - start + 1, 0)
    expect(readBytes).toBeLessThan(zip.byteLength / 4)
    console.log(
      `validation of a ${zip.byteLength} B package read ${readBytes} B in ${reads.length} ranged GETs`,
    )

    const create = await t.app.request(`/ads-preview/api/packages/${uuid}`, {
      method: 'POST',
      headers: t.auth,
    })
    expect(create.status).toBe(201)
    const { package: pkg } = (await create.json()) as {
      package: { uuid: string; sha256: string; index_url: string; package_url: string; file_size: number }
    }
    expect(pkg.file_size).toBe(zip.byteLength)
    expect(pkg.sha256).toBe(createHash('sha256').update(zip).digest('hex'))
    expect(s3.keys('packages/')).toEqual([`packages/${uuid}.zip`])

    const download = await t.app.request(t.pathOf(pkg.package_url))
    expect(download.status).toBe(200)
    expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(zip))).toBe(true)
    const ranged = await t.app.request(t.pathOf(pkg.package_url), { headers: { Range: 'bytes=100-199' } })
    expect(ranged.status).toBe(206)
    expect(Buffer.from(await ranged.arrayBuffer()).equals(Buffer.from(zip.subarray(100, 200)))).toBe(true)
    const entry = await t.app.request(`${t.pathOf(pkg.index_url)}?raw=1`)
    expect(await entry.text()).toBe(VALID_INDEX_HTML)
    const video = await t.app.request(t.pathOf(pkg.index_url).replace(/index\.html$/, 'video.bin'))
    expect(Buffer.from(await video.arrayBuffer()).equals(asset)).toBe(true)
    // A thumbnail as the thumbnail job stores it: written to the bucket, served from there.
    const png = randomBytes(2000)
    await t.services.blobs.write(`thumbnails/${uuid}.png`, Readable.from([png]), { maxBytes: 10_000 })
    const { packages } = t.db.tables
    await t.db.write((tx) =>
      tx
        .update(packages)
        .set({ thumbnailKey: `thumbnails/${uuid}.png` })
        .where(eq(packages.uuid, uuid)),
    )
    const thumbnail = await t.app.request(`/ads-preview/files/thumbnails/${uuid}`)
    expect(thumbnail.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await thumbnail.arrayBuffer()).equals(png)).toBe(true)

    const removed = await t.app.request(`/ads-preview/api/packages/${uuid}`, {
      method: 'DELETE',
      headers: t.auth,
    })
    expect(removed.status).toBeLessThan(300)
    const { undoUntil } = (await removed.json()) as { undoUntil: string }
    // Kept for Undo (DELETE_UNDO_SECONDS), then purged from the bucket, thumbnail too: the clock
    // moves past the Undo instead of the test waiting it out.
    expect(s3.keys('packages/')).toEqual([`packages/${uuid}.zip`])
    expect(await purgeRetained(t.services, uuid)).toBe(false)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.parse(undoUntil) + 1)
      expect(await purgeRetained(t.services, uuid)).toBe(true)
    } finally {
      vi.useRealTimers()
    }
    expect(s3.keys('')).toEqual([`uploads/${uuid}.zip`])
    // 3.2 s measured alone, 13.0 s beside the integration tier with `yes` running, load average
    // 30 on 2 cores (a 3 MB package validated by ranged GETs); budget 30 s.
  }, 30_000)

  it('binds the content type and the lifetime into the upload URL, signed for the region', async () => {
    const { signedRequest, uuid } = await uploadUrl(t, 'bound.zip')
    const query = new URL(signedRequest).searchParams
    expect(query.get('X-Amz-SignedHeaders')).toBe('content-type;host')
    expect(query.get('X-Amz-Expires')).toBe(String(t.config.uploads.signedUrlTtlSeconds))
    expect(query.get('X-Amz-Credential')).toMatch(/^S3RVER\/\d{8}\/us-east-1\/s3\/aws4_request$/)
    // Another content type breaks the signature: storage refuses it and stores nothing.
    const wrongType = await putZip(signedRequest, validPackage(), 'text/html')
    expect(wrongType.status).toBe(403)
    expect(await wrongType.text()).toContain('SignatureDoesNotMatch')
    // Another key with the same signature too.
    const elsewhere = await putZip(
      signedRequest.replace(`uploads/${uuid}`, `packages/${uuid}`),
      validPackage(),
    )
    expect(elsewhere.status).toBe(403)
    expect(s3.keys(`packages/${uuid}`)).toEqual([])
    expect(s3.keys(`uploads/${uuid}`)).toEqual([])
  })

  it('refuses an object over MAX_PACKAGE_BYTES by its size, without reading it', async () => {
    const small = await createTestApp({ ...s3.env, MAX_PACKAGE_BYTES: '2000' })
    try {
      const { signedRequest, uuid } = await uploadUrl(small, 'big.zip')
      expect((await putZip(signedRequest, randomBytes(5000))).status).toBe(200)
      const before = s3.requests.length
      const answer = await validate(small, uuid)
      expect(answer.status).toBe(413)
      expect(s3.requests.slice(before).filter((r) => r.method === 'GET')).toEqual([])
    } finally {
      await small.cleanup()
    }
  })

  it('the sweep removes objects no record owns and keeps packages', async () => {
    const kept = await uploadPackage(t, 'kept.zip', validPackage('kept'), 'keep')
    expect(kept.response.status).toBe(201)
    const orphan = '11111111-2222-4333-8444-555555555555'
    // Written through the store, as a crash between two steps would leave it.
    await t.services.blobs.write(`packages/${orphan}.zip`, Readable.from([Buffer.from('x')]), {
      maxBytes: 10,
    })
    expect(s3.keys('packages/')).toContain(`packages/${orphan}.zip`)
    const result = await sweepStorage(t.services)
    expect(result.orphans).toBeGreaterThanOrEqual(1)
    expect(s3.keys('packages/')).not.toContain(`packages/${orphan}.zip`)
    expect(s3.keys('packages/')).toContain(`packages/${kept.uuid}.zip`)
  })

  it("lists past 1,000 keys, a page after the last key of the one before (the orphan sweep's and the move's listing)", async () => {
    const full = await startS3Server({ bucket: 'ads-preview-many' })
    try {
      // The product's settings, pointed at a bucket of its own.
      const blobs = createS3Store({ ...t.config.s3!, bucket: full.bucket, endpoint: new URL(full.endpoint) })
      await blobs.write('thumbnails/0.png', Readable.from([Buffer.from('x')]), { maxBytes: 10 })
      const keys = Array.from({ length: 1000 }, (_, i) => `thumbnails/${String(i + 1).padStart(4, '0')}.png`)
      full.copyObject('thumbnails/0.png', keys)
      const before = full.requests.length
      expect(await blobs.list('thumbnails')).toEqual(['thumbnails/0.png', ...keys])
      expect(full.requests.slice(before).filter((r) => r.method === 'GET')).toHaveLength(2)
      // The move's empty-bucket check counts them all (this database holds its admin too).
      await expect(claimTarget(t.db, blobs, 'another installation')).rejects.toThrow(
        '1001 files under thumbnails/ in the bucket',
      )
    } finally {
      await full.close()
    }
    // 0.6 s measured alone, 12.6 s beside the integration tier under a load average of 32 on 2
    // cores (s3rver writes 1,000 objects to disk); budget 30 s.
  }, 30_000)

  it('/ready writes to the bucket; it is 503 with a wrong secret key, and the CSP allows the bucket', async () => {
    const ready = await t.app.request('/ads-preview/ready')
    expect(await ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } })
    expect(s3.keys('uploads/probe')).toEqual([])
    const csp = (await t.app.request('/ads-preview/')).headers.get('content-security-policy') ?? ''
    expect(/connect-src ([^;]*)/.exec(csp)?.[1]).toContain(s3.endpoint)

    const wrongKey = await createTestApp({ ...s3.env, S3_SECRET_ACCESS_KEY: 'not-the-secret' })
    try {
      const refused = await wrongKey.app.request('/ads-preview/ready')
      expect(refused.status).toBe(503)
      expect(((await refused.json()) as { checks: { storage: string } }).checks.storage).toContain(
        'SignatureDoesNotMatch',
      )
    } finally {
      await wrongKey.cleanup()
    }
  })

  it('storage that cannot be reached: /ready and the upload say so (503), nothing is lost, the retry succeeds', async () => {
    const down = await startS3Server()
    const app = await createTestApp(down.env)
    try {
      const { signedRequest, uuid } = await uploadUrl(app, 'while-down.zip')
      expect((await putZip(signedRequest, validPackage('down'))).status).toBe(200)
      await down.stop()
      const refused = await validate(app, uuid)
      expect(refused.status).toBe(503)
      expect(await refused.json()).toEqual({
        message: 'The file storage cannot be reached: try again in a moment.',
      })
      const ready = await app.app.request('/ads-preview/ready')
      expect(ready.status).toBe(503)
      expect(((await ready.json()) as { checks: { storage: string } }).checks.storage).toBe(
        'SERVICE_UNAVAILABLE: The file storage cannot be reached',
      )
      await down.start()
      expect((await validate(app, uuid)).status).toBe(200)
      const created = await app.app.request(`/ads-preview/api/packages/${uuid}`, {
        method: 'POST',
        headers: app.auth,
      })
      expect(created.status).toBe(201)
    } finally {
      await app.cleanup()
      await down.close()
    }
  })

  it('every call the product made to the bucket above is one the documented bucket policy grants, and it grants nothing unused', () => {
    expect(s3.requests.length).toBeGreaterThan(20)
    const { refused, unused } = checkPolicy(s3.requests, s3.bucket)
    expect(refused).toEqual([])
    expect(unused).toEqual([])
  })
})
