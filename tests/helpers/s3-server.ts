// A real S3-compatible server for tests: s3rver (npm) on a free loopback port, with one bucket
// whose CORS rule is docs/self-hosting.md's, and every request recorded and its AWS V4 signature checked
// (sigv4-check.ts; s3rver itself accepts any). Run in the test's process or, through
// s3-server-process.ts, as a process of its own.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { AwsClient } from 'aws4fetch'
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver'
import { readmeFile } from './readme-files.ts'
import { checkSignatureV4 } from './sigv4-check.ts'

export const S3_ACCESS_KEY_ID = 'S3RVER'
export const S3_SECRET_ACCESS_KEY = 'S3RVER'
export const S3_TEST_BUCKET = 'ads-preview-test'

export interface RecordedS3Request {
  method: string
  url: string
  range?: string
  /** The Origin header: a browser's request. */
  origin?: string
  /** x-amz-copy-source: a CopyObject. */
  copySource?: string
  status?: number
}

/** The bucket CORS rule from docs/self-hosting.md ("More than one machine"), for `origin`. */
export function readmeCorsRule(origin: string): string {
  return readmeFile('bucket-cors.xml').replace('https://ads.example.com', origin)
}

export async function startS3Server(options: { corsOrigin?: string; bucket?: string } = {}) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-s3-'))
  const bucket = options.bucket ?? S3_TEST_BUCKET
  const requests: RecordedS3Request[] = []
  /** Requests s3rver has not finished with, answered or not (a killed client's PUT is one). */
  let inFlight = 0
  /** s3rver on `port` (0: a free one) over the same folder, so a restart keeps the objects. */
  async function launch(port: number) {
    const server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      vhostBuckets: false,
      configureBuckets: [
        { name: bucket, configs: [readmeCorsRule(options.corsOrigin ?? 'http://localhost')] },
      ],
    })
    // First in s3rver's (Koa) middleware: record, then refuse a bad signature as S3 would.
    server.middleware.unshift(async (ctx: KoaContext, next: () => Promise<void>) => {
      const recorded: RecordedS3Request = { method: ctx.method, url: ctx.url }
      if (ctx.get('range')) recorded.range = ctx.get('range')
      if (ctx.get('origin')) recorded.origin = ctx.get('origin')
      if (ctx.get('x-amz-copy-source')) recorded.copySource = ctx.get('x-amz-copy-source')
      requests.push(recorded)
      if (ctx.method !== 'OPTIONS') {
        const check = checkSignatureV4(
          { method: ctx.method, url: ctx.url, headers: ctx.headers },
          { [S3_ACCESS_KEY_ID]: S3_SECRET_ACCESS_KEY },
        )
        if (!check.ok) {
          recorded.status = 403
          ctx.status = 403
          ctx.set('Access-Control-Allow-Origin', ctx.get('origin') || '*')
          ctx.type = 'application/xml'
          ctx.body = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${check.code}</Code><Message>${check.message}</Message></Error>`
          return
        }
      }
      inFlight++
      try {
        await next()
      } finally {
        inFlight--
      }
      recorded.status = ctx.status
    })
    await server.run()
    return server
  }
  let server = await launch(0)
  const port = (server.httpServer.address() as AddressInfo).port
  const endpoint = `http://127.0.0.1:${port}`
  return {
    endpoint,
    bucket,
    requests,
    /** The product's S3_* variables for this server. */
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: '1',
    },
    /** Puts the documented CORS rule for `origin` on the bucket, as `aws s3api put-bucket-cors` does. */
    async applyCors(origin: string) {
      const aws = new AwsClient({
        accessKeyId: S3_ACCESS_KEY_ID,
        secretAccessKey: S3_SECRET_ACCESS_KEY,
        service: 's3',
        region: 'us-east-1',
      })
      const body = readmeCorsRule(origin)
      const answer = await aws.fetch(`${endpoint}/${bucket}?cors`, {
        method: 'PUT',
        body,
        headers: { 'Content-MD5': createHash('md5').update(body).digest('base64') },
      })
      if (!answer.ok) throw new Error(`put-bucket-cors: ${answer.status} ${await answer.text()}`)
    },
    /**
     * How many requests s3rver is still handling. s3rver stores what a PUT's client sent before
     * it died (a killed process's upload, cut short) once it notices, which can be after a
     * later PUT of the same key: a test that kills a writer waits for this to reach 0.
     */
    inFlight: () => inFlight,
    /** Keys of the bucket's objects under `prefix`. */
    keys(prefix = ''): string[] {
      const root = path.join(directory, bucket)
      const found: string[] = []
      const walk = (dir: string, at: string) => {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          if (entry.isDirectory()) walk(path.join(dir, entry.name), `${at}${entry.name}/`)
          else if (entry.name.endsWith('._S3rver_object'))
            found.push(at + entry.name.slice(0, -'._S3rver_object'.length))
        }
      }
      if (fs.existsSync(root)) walk(root, '')
      return found.filter((key) => key.startsWith(prefix)).sort()
    },
    /**
     * Copies the object `from` under each of `keys` in s3rver's folder, as s3rver stores objects
     * (a thousand in well under a second, where a thousand PUTs take seconds).
     */
    copyObject(from: string, keys: string[]) {
      const root = path.join(directory, bucket)
      const files = ['._S3rver_object', '._S3rver_object.md5', '._S3rver_metadata.json'].map(
        (suffix) => [suffix, fs.readFileSync(path.join(root, from + suffix))] as const,
      )
      for (const folder of new Set(keys.map((key) => path.dirname(path.join(root, key))))) {
        fs.mkdirSync(folder, { recursive: true })
      }
      for (const key of keys) {
        for (const [suffix, bytes] of files) fs.writeFileSync(path.join(root, key + suffix), bytes)
      }
    },
    /** Stops answering (the port refuses connections) until `start`. */
    async stop() {
      await server.close()
    },
    async start() {
      server = await launch(port)
    },
    async close() {
      if (server.httpServer.listening) await server.close()
      fs.rmSync(directory, { recursive: true, force: true })
    },
  }
}

interface KoaContext {
  method: string
  url: string
  headers: Record<string, string | string[] | undefined>
  status: number
  type: string
  body: unknown
  get(name: string): string
  set(name: string, value: string): void
}

export type S3TestServer = Awaited<ReturnType<typeof startS3Server>>
