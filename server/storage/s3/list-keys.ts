// ListObjectsV2, page by page: every key under a prefix (for the orphan sweep).
import type { S3Client } from './s3-client.ts'

const decodeXml = (text: string) =>
  text.replace(
    /&(lt|gt|quot|apos|amp);/g,
    (_, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name] ?? '',
  )

export async function listKeys(s3: S3Client, prefix: string): Promise<string[]> {
  const keys: string[] = []
  let token: string | undefined
  do {
    const query: Record<string, string> = { 'list-type': '2', prefix }
    if (token) query['continuation-token'] = token
    const body = await (await s3.call('GET', '', { query })).text()
    for (const match of body.matchAll(/<Key>([^<]*)<\/Key>/g)) keys.push(decodeXml(match[1]!))
    const truncated = /<IsTruncated>true<\/IsTruncated>/.test(body)
    const next = /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(body)?.[1]
    token = truncated && next ? decodeXml(next) : undefined
  } while (token)
  return keys
}
