// HTTP range requests (RFC 9110 section 14) for previews and downloads: a video in a creative
// seeks with them (Safari plays no <video> without them), and a resumed download asks for the
// rest. One range per request; several ranges are answered whole, which the RFC allows.
import type { Context } from 'hono'

export interface ByteRange {
  start: number
  /** Inclusive. */
  end: number
}

/**
 * The range a request asks for: undefined for the whole representation (no Range, a Range we
 * do not serve, or an If-Range that no longer matches), 'unsatisfiable' for 416.
 */
export function requestedRange(
  headers: { range?: string | undefined; ifRange?: string | undefined },
  size: number,
  etag: string,
): ByteRange | 'unsatisfiable' | undefined {
  const header = headers.range?.trim()
  if (!header) return undefined
  if (headers.ifRange !== undefined && headers.ifRange.trim() !== etag) return undefined
  const match = /^bytes=(\d*)-(\d*)$/.exec(header)
  if (!match || (match[1] === '' && match[2] === '')) return undefined
  const [, first, last] = match as unknown as [string, string, string]
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Math.min(Number(last), size)
    return length === 0 ? 'unsatisfiable' : { start: size - length, end: size - 1 }
  }
  const start = Number(first)
  if (start >= size) return 'unsatisfiable'
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1)
  return end < start ? undefined : { start, end }
}

type Body = ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer> | undefined

/** If-None-Match names this representation (weak comparison, as a GET's revalidation uses). */
function matchesNoneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false
  const bare = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag))
}

/**
 * Answers a GET or HEAD of `size` bytes: 200 whole, 206 for a satisfiable range, 416 for one
 * past the end; `body` is asked only for a GET (undefined: nobody is listening any more).
 */
export async function answerRanged(
  c: Context,
  representation: { size: number; etag: string; headers: Record<string, string> },
  body: (range: ByteRange | undefined) => Body | Promise<Body>,
): Promise<Response> {
  const { size, etag } = representation
  const headers = { ...representation.headers, ETag: etag, 'Accept-Ranges': 'bytes' }
  // A revalidation of what the client holds: nothing to send again.
  if (matchesNoneMatch(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers)
  const range = requestedRange(
    { range: c.req.header('range'), ifRange: c.req.header('if-range') },
    size,
    etag,
  )
  if (range === 'unsatisfiable') return c.body(null, 416, { ...headers, 'Content-Range': `bytes */${size}` })
  const status = range ? 206 : 200
  const lengthHeaders: Record<string, string> = range
    ? {
        'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
        'Content-Length': String(range.end - range.start + 1),
      }
    : { 'Content-Length': String(size) }
  if (c.req.method === 'HEAD') return c.body(null, status, { ...headers, ...lengthHeaders })
  const bytes = await body(range)
  return bytes ? c.body(bytes, status, { ...headers, ...lengthHeaders }) : c.body(null, 503)
}
