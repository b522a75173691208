import { expect, it } from 'vitest'
import { injectSdk } from './sdk-injection.ts'

const SCRIPT = '<script src="mraid.js"></script>'
const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
  )

it('puts the host first: after a byte order mark and a doctype, before everything else', () => {
  expect(Buffer.from(injectSdk(bytes('<div>ad</div>'))).toString()).toBe(`${SCRIPT}<div>ad</div>`)
  expect(Buffer.from(injectSdk(bytes('\n<!DOCTYPE html>\n<html>'))).toString()).toBe(
    `\n<!DOCTYPE html>${SCRIPT}\n<html>`,
  )
  expect(injectSdk(bytes([0xef, 0xbb, 0xbf], '<!doctype html><p>'))).toEqual(
    new Uint8Array(bytes([0xef, 0xbb, 0xbf], `<!doctype html>${SCRIPT}<p>`)),
  )
})

it('keeps every other byte as stored, whatever the charset', () => {
  // "café" in ISO-8859-1: decoding it as UTF-8 and encoding again would turn é into U+FFFD.
  const latin1 = bytes('<meta charset="iso-8859-1"><p>caf', [0xe9], '</p>')
  expect(injectSdk(latin1)).toEqual(new Uint8Array(bytes(SCRIPT, latin1.toString('latin1'))))
})
