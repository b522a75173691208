import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { type ByteSource, bytesSource } from './byte-source.ts'
import { buildZip } from './test-zip-builder.ts'
import { readZip, ZipFormatError } from './zip-reader.ts'

async function rejection(promise: Promise<unknown>): Promise<ZipFormatError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ZipFormatError)
  return error as ZipFormatError
}

describe('readZip', () => {
  it('lists entries from the central directory and reads stored and deflated ones', async () => {
    const zip = zipSync({
      'index.html': strToU8('<p>hi</p>'),
      'img/logo.txt': [strToU8('x'.repeat(5000)), { level: 9 }],
    })
    const archive = await readZip(bytesSource(zip))
    expect(archive.entries.map((e) => e.path)).toEqual(['index.html', 'img/logo.txt'])
    const logo = archive.get('img/logo.txt')!
    expect(logo.method).toBe(8)
    expect(logo.compressedSize).toBeLessThan(logo.size)
    expect(new TextDecoder().decode(await archive.readEntry(logo))).toBe('x'.repeat(5000))
  })

  it('reads only the end of the file and the directory until an entry is asked for', async () => {
    const zip = zipSync({ 'big.bin': new Uint8Array(1_000_000), 'index.html': strToU8('x') })
    let bytesRead = 0
    const counting: ByteSource = {
      size: zip.length,
      read: async (offset, length) => {
        bytesRead += Math.min(length, zip.length - offset)
        return zip.subarray(offset, offset + length)
      },
    }
    await readZip(counting)
    expect(bytesRead).toBeLessThan(70_000)
  })

  it('refuses what is not a zip, and a truncated zip, with one clear message', async () => {
    expect((await rejection(readZip(bytesSource(strToU8('hello, not a zip at all, just text'))))).rule).toBe(
      'zip.not-a-zip',
    )
    const zip = zipSync({ 'index.html': strToU8('<p>hi</p>') })
    const truncated = await rejection(readZip(bytesSource(zip.subarray(0, zip.length - 30))))
    expect(truncated.message).toMatch(/not a zip archive|corrupt or truncated/)
  })

  it('stops inflating at the declared size: a lying entry is a bomb, not an allocation', async () => {
    const zip = buildZip([{ name: 'bomb.txt', data: 'A'.repeat(200_000), method: 8, declaredSize: 1000 }])
    const archive = await readZip(bytesSource(zip))
    const error = await rejection(archive.readEntry(archive.entries[0]!))
    expect(error.rule).toBe('zip.bomb')
  })

  it('refuses to read an encrypted entry and detects a CRC mismatch', async () => {
    const encrypted = await readZip(
      bytesSource(buildZip([{ name: 'secret.js', data: 'x', encrypted: true }])),
    )
    expect((await rejection(encrypted.readEntry(encrypted.entries[0]!))).rule).toBe('zip.encrypted')
    const zip = buildZip([{ name: 'a.txt', data: 'hello' }])
    zip[30 + 'a.txt'.length] = 'j'.charCodeAt(0)
    const archive = await readZip(bytesSource(zip))
    expect((await rejection(archive.readEntry(archive.entries[0]!))).message).toMatch(/CRC/)
  })

  it('reports symlinks and refuses more entries than the limit', async () => {
    const archive = await readZip(
      bytesSource(buildZip([{ name: 'link', data: '/etc/passwd', symlink: true }])),
    )
    expect(archive.entries[0]!.isSymlink).toBe(true)
    const many = buildZip(Array.from({ length: 20 }, (_, i) => ({ name: `f${i}.txt`, data: 'x' })))
    expect((await rejection(readZip(bytesSource(many), { maxEntries: 10 }))).rule).toBe(
      'zip.too-many-entries',
    )
  })
})
