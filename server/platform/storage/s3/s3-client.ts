// The few S3 calls the store makes, signed with AWS Signature V4 by aws4fetch (one small file on
// fetch and WebCrypto; see s3-store.ts for why not the AWS SDK). Object URLs are path-style
// (`endpoint/bucket/key`) or virtual-hosted (`bucket.endpoint-host/key`) as configured.
import { AwsClient } from 'aws4fetch'
import { AppError } from '../../errors.ts'
import type { S3Settings } from './config.ts'

/** Calls that move no body give up after this long (a dead endpoint must not hang /ready). */
const CALL_TIMEOUT_MS = 30_000

export class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

export interface S3CallInit {
  headers?: Record<string, string>
  body?: Uint8Array<ArrayBuffer>
  query?: Record<string, string>
  /** Answers the response as is for these statuses (e.g. 404 for "no such key"). */
  allow?: number[]
  /** A body read as a stream: no overall timeout. */
  streamed?: boolean
}

export function createS3Client(settings: S3Settings) {
  const aws = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
    // aws4fetch retries 5xx and 429 itself; a few tries, not its default ten.
    retries: 2,
  })
  const { endpoint, bucket } = settings
  const bucketUrl = settings.forcePathStyle
    ? `${endpoint.origin}/${bucket}`
    : `${endpoint.protocol}//${bucket}.${endpoint.host}`

  const urlOf = (key: string, query: Record<string, string> = {}) => {
    const url = new URL(`${bucketUrl}/${key}`)
    for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value)
    return url
  }

  async function call(method: string, key: string, init: S3CallInit = {}): Promise<Response> {
    const response = await aws
      .fetch(urlOf(key, init.query), {
        method,
        headers: init.headers ?? {},
        ...(init.body ? { body: init.body } : {}),
        ...(init.streamed ? {} : { signal: AbortSignal.timeout(CALL_TIMEOUT_MS) }),
      })
      .catch((error: unknown) => {
        throw storageUnavailable(error)
      })
    if (response.ok || init.allow?.includes(response.status)) return response
    // Still failing after aws4fetch's retries: the service is down, not the request wrong.
    if (response.status >= 500) throw storageUnavailable(await s3Error(method, key, response))
    throw await s3Error(method, key, response)
  }

  return {
    /** Where the browser PUTs (its origin goes into the app's Content-Security-Policy). */
    bucketUrl,
    call,
    /** A URL that lets its holder make one kind of request, with `headers` bound into its signature. */
    async presign(method: string, key: string, headers: Record<string, string>, expiresInSeconds: number) {
      const url = urlOf(key, { 'X-Amz-Expires': String(expiresInSeconds) })
      const signed = await aws.sign(url, { method, headers, aws: { signQuery: true, allHeaders: true } })
      return signed.url
    },
  }
}

export type S3Client = ReturnType<typeof createS3Client>

/** Storage that does not answer (refused, timed out, 5xx): the user can try again, nothing is lost. */
const storageUnavailable = (cause: unknown) =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    'The file storage cannot be reached: try again in a moment.',
    {},
    { cause },
  )

async function s3Error(method: string, key: string, response: Response): Promise<S3Error> {
  const text = method === 'HEAD' ? '' : await response.text().catch(() => '')
  const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? `HTTP ${response.status}`
  const detail = /<Message>([^<]*)<\/Message>/.exec(text)?.[1]
  return new S3Error(
    response.status,
    code,
    `Object storage answered ${response.status} ${code} to ${method} ${key || '(bucket)'}${detail ? `: ${detail}` : ''}`,
  )
}

/** An error S3 sends with status 200 (CopyObject can fail after it has started answering). */
export function embeddedError(body: string, what: string): S3Error | undefined {
  if (!body.includes('<Error>')) return undefined
  const code = /<Code>([^<]*)<\/Code>/.exec(body)?.[1] ?? 'Error'
  return new S3Error(500, code, `Object storage failed ${what}: ${code}`)
}
