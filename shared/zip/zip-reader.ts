// Reads a zip from its central directory through a ByteSource: nothing is read whole, an entry
// is inflated only when asked for and never past the size its directory record declares.
// Hostile archives (zip bombs, lying sizes, truncation) end in a ZipFormatError, never in a huge
// allocation. Format: PKWARE APPNOTE 6.3.10, sections 4.3.6 to 4.3.16.
import { Inflate } from 'fflate'
import type { ByteSource } from './byte-source.ts'
import { crc32 } from './crc32.ts'

export interface ZipEntry {
  path: string
  size: number
  compressedSize: number
  /** 0 stored, 8 deflate; others are refused when read. */
  method: number
  encrypted: boolean
  isDirectory: boolean
  isSymlink: boolean
  crc32: number
  localHeaderOffset: number
}

export interface ZipArchive {
  entries: ZipEntry[]
  get(path: string): ZipEntry | undefined
  /** The entry's bytes, inflated and CRC-checked; refuses more than `maxBytes`. */
  readEntry(entry: ZipEntry, maxBytes?: number): Promise<Uint8Array>
  /**
   * Where the entry's stored (possibly compressed) bytes start in the zip, for readers that
   * stream it themselves; refuses entries that cannot be read (encrypted, unknown method).
   */
  dataOffset(entry: ZipEntry): Promise<number>
}

export interface ZipLimits {
  maxEntries: number
  maxCentralDirectoryBytes: number
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 10_000,
  maxCentralDirectoryBytes: 16 * 1024 * 1024,
}

export class ZipFormatError extends Error {
  readonly rule: string
  constructor(rule: string, message: string) {
    super(message)
    this.name = 'ZipFormatError'
    this.rule = rule
  }
}

const SIG_EOCD = 0x06054b50
const SIG_EOCD64 = 0x06064b50
const SIG_EOCD64_LOCATOR = 0x07064b50
const SIG_CENTRAL = 0x02014b50
const SIG_LOCAL = 0x04034b50
const EOCD_SIZE = 22
const MAX_COMMENT = 0xffff
const U32_MAX = 0xffffffff
const U16_MAX = 0xffff

const NOT_A_ZIP = 'The file is not a zip archive (or it is truncated): export the package again as a .zip.'
const CORRUPT = 'The zip archive is corrupt or truncated: export the package again as a .zip.'

const utf8 = new TextDecoder('utf-8', { fatal: false })

function view(bytes: Uint8Array): DataView {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
}

function u64(dv: DataView, offset: number): number {
  const value = dv.getBigUint64(offset, true)
  if (value > BigInt(Number.MAX_SAFE_INTEGER)) throw new ZipFormatError('zip.corrupt', CORRUPT)
  return Number(value)
}

async function readExactly(source: ByteSource, offset: number, length: number): Promise<Uint8Array> {
  if (offset < 0 || length < 0 || offset + length > source.size)
    throw new ZipFormatError('zip.corrupt', CORRUPT)
  const bytes = await source.read(offset, length)
  if (bytes.byteLength !== length) throw new ZipFormatError('zip.corrupt', CORRUPT)
  return bytes
}

interface Directory {
  offset: number
  size: number
  count: number
}

async function findDirectory(source: ByteSource, limits: ZipLimits): Promise<Directory> {
  if (source.size < EOCD_SIZE) throw new ZipFormatError('zip.not-a-zip', NOT_A_ZIP)
  const tailLength = Math.min(source.size, EOCD_SIZE + MAX_COMMENT + 20)
  const tailStart = source.size - tailLength
  const tail = await readExactly(source, tailStart, tailLength)
  const dv = view(tail)
  let eocd = -1
  for (let i = tail.length - EOCD_SIZE; i >= 0; i--) {
    if (dv.getUint32(i, true) === SIG_EOCD && i + EOCD_SIZE + dv.getUint16(i + 20, true) <= tail.length) {
      eocd = i
      break
    }
  }
  if (eocd < 0) throw new ZipFormatError('zip.not-a-zip', NOT_A_ZIP)
  let count = dv.getUint16(eocd + 10, true)
  let size = dv.getUint32(eocd + 12, true)
  let offset = dv.getUint32(eocd + 16, true)
  if (dv.getUint16(eocd + 4, true) !== 0 || dv.getUint16(eocd + 6, true) !== 0) {
    throw new ZipFormatError(
      'zip.multi-disk',
      'Split (multi-part) zip archives are not supported: make one .zip file.',
    )
  }
  if (count === U16_MAX || size === U32_MAX || offset === U32_MAX) {
    const locatorAt = eocd - 20
    if (locatorAt < 0 || dv.getUint32(locatorAt, true) !== SIG_EOCD64_LOCATOR) {
      throw new ZipFormatError('zip.corrupt', CORRUPT)
    }
    const eocd64Offset = u64(dv, locatorAt + 8)
    const record = view(await readExactly(source, eocd64Offset, 56))
    if (record.getUint32(0, true) !== SIG_EOCD64) throw new ZipFormatError('zip.corrupt', CORRUPT)
    count = u64(record, 32)
    size = u64(record, 40)
    offset = u64(record, 48)
  }
  if (count > limits.maxEntries) {
    throw new ZipFormatError(
      'zip.too-many-entries',
      `The package has ${count} files; at most ${limits.maxEntries} are allowed. Remove unused files.`,
    )
  }
  if (size > limits.maxCentralDirectoryBytes || offset + size > source.size) {
    throw new ZipFormatError('zip.corrupt', CORRUPT)
  }
  return { offset, size, count }
}

function parseDirectory(bytes: Uint8Array, count: number): ZipEntry[] {
  const dv = view(bytes)
  const entries: ZipEntry[] = []
  let at = 0
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || dv.getUint32(at, true) !== SIG_CENTRAL)
      throw new ZipFormatError('zip.corrupt', CORRUPT)
    const madeBy = dv.getUint16(at + 4, true)
    const flags = dv.getUint16(at + 8, true)
    const method = dv.getUint16(at + 10, true)
    const crc = dv.getUint32(at + 16, true)
    let compressedSize = dv.getUint32(at + 20, true)
    let size = dv.getUint32(at + 24, true)
    const nameLength = dv.getUint16(at + 28, true)
    const extraLength = dv.getUint16(at + 30, true)
    const commentLength = dv.getUint16(at + 32, true)
    const externalAttributes = dv.getUint32(at + 38, true)
    let localHeaderOffset = dv.getUint32(at + 42, true)
    const nameStart = at + 46
    const extraStart = nameStart + nameLength
    const next = extraStart + extraLength + commentLength
    if (next > bytes.length) throw new ZipFormatError('zip.corrupt', CORRUPT)
    const path = utf8.decode(bytes.subarray(nameStart, extraStart))
    // Zip64 extended information (APPNOTE 4.5.3): present fields follow the order size,
    // compressed size, local header offset, each only when its 32-bit field is saturated.
    if (size === U32_MAX || compressedSize === U32_MAX || localHeaderOffset === U32_MAX) {
      let extra = extraStart
      const extraEnd = extraStart + extraLength
      while (extra + 4 <= extraEnd) {
        const id = dv.getUint16(extra, true)
        const length = dv.getUint16(extra + 2, true)
        if (id === 0x0001) {
          let field = extra + 4
          if (size === U32_MAX) {
            size = u64(dv, field)
            field += 8
          }
          if (compressedSize === U32_MAX) {
            compressedSize = u64(dv, field)
            field += 8
          }
          if (localHeaderOffset === U32_MAX) localHeaderOffset = u64(dv, field)
          break
        }
        extra += 4 + length
      }
    }
    const unixMode = madeBy >>> 8 === 3 ? externalAttributes >>> 16 : 0
    entries.push({
      path,
      size,
      compressedSize,
      method,
      encrypted: (flags & 1) === 1,
      isDirectory: path.endsWith('/') || (externalAttributes & 0x10) === 0x10,
      isSymlink: (unixMode & 0o170000) === 0o120000,
      crc32: crc,
      localHeaderOffset,
    })
    at = next
  }
  return entries
}

async function dataOffset(source: ByteSource, entry: ZipEntry): Promise<number> {
  if (entry.encrypted) {
    throw new ZipFormatError(
      'zip.encrypted',
      `${entry.path} is encrypted: packages must not be password-protected.`,
    )
  }
  if (entry.method !== 0 && entry.method !== 8) {
    throw new ZipFormatError(
      'zip.unsupported-method',
      `${entry.path} uses an unsupported compression method (${entry.method}): zip it again with standard deflate.`,
    )
  }
  if (entry.method === 0 && entry.compressedSize !== entry.size)
    throw new ZipFormatError('zip.corrupt', CORRUPT)
  const header = view(await readExactly(source, entry.localHeaderOffset, 30))
  if (header.getUint32(0, true) !== SIG_LOCAL) throw new ZipFormatError('zip.corrupt', CORRUPT)
  const start = entry.localHeaderOffset + 30 + header.getUint16(26, true) + header.getUint16(28, true)
  if (start + entry.compressedSize > source.size) throw new ZipFormatError('zip.corrupt', CORRUPT)
  return start
}

async function readEntry(source: ByteSource, entry: ZipEntry, maxBytes: number): Promise<Uint8Array> {
  if (entry.size > maxBytes) {
    throw new ZipFormatError('zip.entry-too-large', `${entry.path} is larger than ${maxBytes} bytes.`)
  }
  const compressed = await readExactly(source, await dataOffset(source, entry), entry.compressedSize)
  const bytes = entry.method === 0 ? compressed : inflateCapped(compressed, entry)
  if (crc32(bytes) !== entry.crc32)
    throw new ZipFormatError('zip.corrupt', `${entry.path} is corrupt (CRC mismatch).`)
  return bytes
}

/** Inflates into a buffer of the declared size and stops the moment the output would exceed it. */
function inflateCapped(compressed: Uint8Array, entry: ZipEntry): Uint8Array {
  const out = new Uint8Array(entry.size)
  let written = 0
  let overflow = false
  const inflate = new Inflate((chunk) => {
    if (written + chunk.length > out.length) {
      overflow = true
      throw new ZipFormatError(
        'zip.bomb',
        `${entry.path} inflates past its declared size: the archive is not trustworthy.`,
      )
    }
    out.set(chunk, written)
    written += chunk.length
  })
  try {
    const STEP = 64 * 1024
    for (let at = 0; at < compressed.length; at += STEP) {
      inflate.push(compressed.subarray(at, at + STEP), at + STEP >= compressed.length)
    }
    if (compressed.length === 0) inflate.push(compressed, true)
  } catch (error) {
    if (overflow || error instanceof ZipFormatError) throw error
    throw new ZipFormatError('zip.corrupt', `${entry.path} is corrupt: it does not inflate.`)
  }
  if (written !== entry.size)
    throw new ZipFormatError('zip.corrupt', `${entry.path} is corrupt or truncated.`)
  return out
}

export async function readZip(source: ByteSource, limits: Partial<ZipLimits> = {}): Promise<ZipArchive> {
  const effective = { ...DEFAULT_ZIP_LIMITS, ...limits }
  const directory = await findDirectory(source, effective)
  const entries = parseDirectory(await readExactly(source, directory.offset, directory.size), directory.count)
  const byPath = new Map<string, ZipEntry>()
  for (const entry of entries) if (!byPath.has(entry.path)) byPath.set(entry.path, entry)
  return {
    entries,
    get: (path) => byPath.get(path),
    readEntry: (entry, maxBytes = Number.MAX_SAFE_INTEGER) => readEntry(source, entry, maxBytes),
    dataOffset: (entry) => dataOffset(source, entry),
  }
}
