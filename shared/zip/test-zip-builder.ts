// Builds zips byte by byte for tests, including shapes no honest zip tool makes: traversal
// names, symlinks, the encrypted flag, duplicate names, sizes that lie. Test use only.
import { deflateSync } from 'fflate'
import { crc32 } from './crc32.ts'

export interface RawEntry {
  name: string
  data?: Uint8Array | string
  /** 0 stored (default), 8 deflate. */
  method?: 0 | 8
  encrypted?: boolean
  symlink?: boolean
  /** Overrides the uncompressed size written in the central directory. */
  declaredSize?: number
}

export function buildZip(entries: RawEntry[]): Uint8Array {
  const encoder = new TextEncoder()
  const locals: Uint8Array[] = []
  const centrals: Uint8Array[] = []
  let offset = 0
  for (const entry of entries) {
    const name = encoder.encode(entry.name)
    const raw = typeof entry.data === 'string' ? encoder.encode(entry.data) : (entry.data ?? new Uint8Array())
    const method = entry.method ?? 0
    const body = method === 8 ? deflateSync(raw) : raw
    const crc = crc32(raw)
    const size = entry.declaredSize ?? raw.length
    const flags = entry.encrypted ? 1 : 0
    const local = new Uint8Array(30 + name.length + body.length)
    const lv = new DataView(local.buffer)
    lv.setUint32(0, 0x04034b50, true)
    lv.setUint16(4, 20, true)
    lv.setUint16(6, flags, true)
    lv.setUint16(8, method, true)
    lv.setUint32(14, crc, true)
    lv.setUint32(18, body.length, true)
    lv.setUint32(22, size, true)
    lv.setUint16(26, name.length, true)
    local.set(name, 30)
    local.set(body, 30 + name.length)
    const central = new Uint8Array(46 + name.length)
    const cv = new DataView(central.buffer)
    cv.setUint32(0, 0x02014b50, true)
    cv.setUint16(4, entry.symlink ? (3 << 8) | 20 : 20, true)
    cv.setUint16(6, 20, true)
    cv.setUint16(8, flags, true)
    cv.setUint16(10, method, true)
    cv.setUint32(16, crc, true)
    cv.setUint32(20, body.length, true)
    cv.setUint32(24, size, true)
    cv.setUint16(28, name.length, true)
    cv.setUint32(38, entry.symlink ? (0o120777 << 16) >>> 0 : 0, true)
    cv.setUint32(42, offset, true)
    central.set(name, 46)
    locals.push(local)
    centrals.push(central)
    offset += local.length
  }
  const directorySize = centrals.reduce((sum, c) => sum + c.length, 0)
  const end = new Uint8Array(22)
  const ev = new DataView(end.buffer)
  ev.setUint32(0, 0x06054b50, true)
  ev.setUint16(8, entries.length, true)
  ev.setUint16(10, entries.length, true)
  ev.setUint32(12, directorySize, true)
  ev.setUint32(16, offset, true)
  const out = new Uint8Array(offset + directorySize + 22)
  let at = 0
  for (const part of [...locals, ...centrals, end]) {
    out.set(part, at)
    at += part.length
  }
  return out
}
