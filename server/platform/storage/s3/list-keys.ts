// Every key under a prefix (for the orphan sweep and move's empty-bucket check), page by page
// with ListObjects' `marker`: each page starts after the last key of the one before (the
// NextMarker a server sends, else the page's last key, as the S3 API reference says to do).
// Not ListObjectsV2's continuation token: s3rver 3.7.1 mints one with DES for any page it cuts,
// which Node 24's OpenSSL refuses, so its listing failed (500) past 1,000 keys; and not V2's
// start-after either, as s3rver still mints the token for a cut page. AWS S3, R2, MinIO and Ceph
// answer ListObjects (the same s3:ListBucket permission as V2).
import type { S3Client } from './s3-client.ts'

const decodeXml = (text: string) =>
  text.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name] ?? '',
  )

export async function listKeys(s3: S3Client, prefix: string): Promise<string[]> {
  const keys: string[] = []
  let marker: string | undefined
  do {
    const query: Record<string, string> = { prefix }
    if (marker !== undefined) query.marker = marker
    const body = await (await s3.call('GET', '', { query })).text()
    const page = [...body.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => decodeXml(match[1]!))
    keys.push(...page)
    const truncated = /<IsTruncated>true<\/IsTruncated>/.test(body)
    const next = /<NextMarker>([^<]*)<\/NextMarker>/.exec(body)?.[1]
    marker = truncated ? (next !== undefined ? decodeXml(next) : page.at(-1)) : undefined
  } while (marker !== undefined)
  return keys
}
