// Hostile packages through the real API, and a disk that fills up mid-upload: each gets a clear
// answer, and nothing is kept.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { buildZip } from '../../shared/zip/test-zip-builder.ts'
import { validPackage } from '../fixtures/packages.ts'
import { createTestApp, type TestApp, uploadPackage } from '../helpers/test-app.ts'

// One product for the file: none of its tests keeps a package, so its list stays empty.
let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterEach(() => {
  vi.restoreAllMocks()
})
afterAll(() => t.cleanup())

const INDEX = '<script src="mraid.js"></script>'

describe('hostile packages are refused with a message that says why', () => {
  it.each([
    [
      'path traversal',
      buildZip([
        { name: 'index.html', data: INDEX },
        { name: '../../etc/cron.d/evil', data: 'x' },
      ]),
      /outside the package/,
    ],
    [
      'a zip bomb',
      buildZip([
        { name: 'index.html', data: INDEX },
        { name: 'bomb.bin', data: 'A', declaredSize: 400_000_000 },
      ]),
      /zip bomb/,
    ],
    [
      'a symlink',
      buildZip([
        { name: 'index.html', data: INDEX },
        { name: 'passwd', data: '/etc/passwd', symlink: true },
      ]),
      /symbolic link/,
    ],
    ['an encrypted entry', buildZip([{ name: 'index.html', data: INDEX, encrypted: true }]), /encrypted/],
    ['a truncated archive', validPackage().subarray(0, 200), /not a zip archive|corrupt or truncated/],
    // Past 65,535 entries the 16-bit count wraps (real tools switch to zip64); refused either way.
    [
      '100,000 entries',
      buildZip(Array.from({ length: 100_000 }, (_, i) => ({ name: `f${i}.txt` }))),
      /files; at most 10000 are allowed/,
    ],
  ])('%s', async (_name, zip, message) => {
    const result = await uploadPackage(t, 'hostile.zip', zip)
    expect(result.step).toBe('validate')
    expect(result.response.status).toBe(422)
    const body = (await result.response.json()) as { details: string[] }
    expect(body.details.join('\n')).toMatch(message)
    const list = (await (await t.app.request('/ads-preview/api/packages', { headers: t.auth })).json()) as {
      packages: unknown[]
    }
    expect(list.packages).toEqual([])
    expect(fs.readdirSync(path.join(t.dataDir, 'blobs'))).not.toContain('..')
  })
})

it('a full disk during an upload answers 507, keeps no file, and the upload can be sent again', async () => {
  const real = fs.createWriteStream
  // The disk filling up is the kernel's ENOSPC: /dev/full gives exactly that on every write.
  const spy = vi.spyOn(fs, 'createWriteStream').mockImplementationOnce(((
    file: fs.PathLike,
    options?: object,
  ) => {
    real(file, options).close()
    return real('/dev/full', { flags: 'w' })
  }) as typeof fs.createWriteStream)
  const query = new URLSearchParams({ filename: 'full.zip', contentType: 'application/zip' })
  const answer = (await (
    await t.app.request(`/ads-preview/api/upload/get-package-upload-url?${query}`, { headers: t.auth })
  ).json()) as {
    signedRequest: string
  }
  const zip = validPackage()
  const uploads = path.join(t.dataDir, 'blobs', 'uploads')
  const before = fs.existsSync(uploads) ? fs.readdirSync(uploads) : []
  const put = () =>
    t.app.request(t.pathOf(answer.signedRequest), {
      method: 'PUT',
      body: zip as Uint8Array<ArrayBuffer>,
      headers: { 'Content-Type': 'application/zip' },
    })
  const full = await put()
  expect(spy).toHaveBeenCalled()
  expect(full.status).toBe(507)
  expect(((await full.json()) as { message: string }).message).toBe(
    'The server is out of disk space: the upload was not saved.',
  )
  expect(fs.readdirSync(uploads)).toEqual(before)
  expect((await put()).status).toBe(200)
})
