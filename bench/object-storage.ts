// With S3_BUCKET (packages in a bucket, for more than one machine), each beside the same job done
// straight against the same S3-compatible server (s3rver, in this process) or on the local disk, in
// the same run: the browser's presigned PUT against a PUT signed in its headers as an SDK sends it,
// a download through the app against a GET from the bucket, and a validation on the bucket against
// the same validation on the local disk.
import { randomBytes } from 'node:crypto'
import { AwsClient } from 'aws4fetch'
import { VALID_INDEX_HTML, zipOf } from '../tests/fixtures/packages.ts'
import { S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, startS3Server } from '../tests/helpers/s3-server.ts'
import { createTestApp, type TestApp } from '../tests/helpers/test-app.ts'
import { type Figure, median, timeRuns } from './measure.ts'

const MB = 1024 * 1024
const RUNS = 5

async function uploadAndValidate(t: TestApp, zip: Uint8Array) {
  const query = new URLSearchParams({ filename: 'bench.zip', contentType: 'application/zip', policy: 'keep' })
  const answer = (await (
    await t.app.request(`/ads-preview/api/upload/get-package-upload-url?${query}`, { headers: t.auth })
  ).json()) as { signedRequest: string; uuid: string }
  const put = (url: string) =>
    (url.startsWith('http://localhost:3999') ? t.app.request : fetch)(t.pathOf(url), {
      method: 'PUT',
      body: zip as Uint8Array<ArrayBuffer>,
      headers: { 'Content-Type': 'application/zip' },
    })
  return { answer, put: () => put(answer.signedRequest) }
}

export async function benchObjectStorage(): Promise<Figure[]> {
  const s3 = await startS3Server()
  const onS3 = await createTestApp(s3.env)
  const onDisk = await createTestApp()
  const aws = new AwsClient({
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
    service: 's3',
    region: 'us-east-1',
  })
  try {
    const zip = zipOf({
      'index.html': VALID_INDEX_HTML,
      'ad.js': 'mraid.getState()',
      'video.bin': randomBytes(20 * MB),
    })
    const size = zip.byteLength / MB
    const presigned = await timeRuns(RUNS, async () => {
      await (await uploadAndValidate(onS3, zip)).put()
    })
    const headerSigned = await timeRuns(RUNS, async () => {
      await aws.fetch(`${s3.endpoint}/${s3.bucket}/uploads/bench-${Date.now()}.zip`, {
        method: 'PUT',
        body: zip as Uint8Array<ArrayBuffer>,
        headers: { 'Content-Type': 'application/zip' },
      })
    })
    const validation = async (t: TestApp) =>
      timeRuns(RUNS, async () => {
        const { answer, put } = await uploadAndValidate(t, zip)
        await put()
        const validated = await t.app.request(
          `/ads-preview/api/upload/validate-package-upload/${answer.uuid}`,
          {
            method: 'POST',
            headers: { ...t.auth, 'Content-Type': 'application/json' },
            body: '{"requireMraid":true}',
          },
        )
        if (validated.status !== 200) throw new Error(`validation answered ${validated.status}`)
      })
    const s3Validation = await validation(onS3)
    const diskValidation = await validation(onDisk)
    const { answer, put } = await uploadAndValidate(onS3, zip)
    await put()
    await onS3.app.request(`/ads-preview/api/upload/validate-package-upload/${answer.uuid}`, {
      method: 'POST',
      headers: { ...onS3.auth, 'Content-Type': 'application/json' },
      body: '{}',
    })
    const created = (await (
      await onS3.app.request(`/ads-preview/api/packages/${answer.uuid}`, {
        method: 'POST',
        headers: onS3.auth,
      })
    ).json()) as { package: { package_url: string } }
    const throughApp = await timeRuns(RUNS, async () => {
      await (await onS3.app.request(onS3.pathOf(created.package.package_url))).arrayBuffer()
    })
    const straight = await timeRuns(RUNS, async () => {
      await (await aws.fetch(`${s3.endpoint}/${s3.bucket}/packages/${answer.uuid}.zip`)).arrayBuffer()
    })
    const rate = (times: number[]) => size / (median(times) / 1000)
    return [
      {
        name: `upload URL + presigned PUT of ${size.toFixed(0)} MB to the bucket`,
        value: rate(presigned),
        unit: 'MB/s',
        baseline: rate(headerSigned),
        baselineName: 'PUT signed in its headers',
        lowerIsBetter: false,
      },
      {
        name: `download ${size.toFixed(0)} MB from the bucket through the app`,
        value: rate(throughApp),
        unit: 'MB/s',
        baseline: rate(straight),
        baselineName: 'GET from the bucket',
        lowerIsBetter: false,
      },
      {
        name: `upload + validate ${size.toFixed(0)} MB (20 MB stored asset) on the bucket`,
        value: median(s3Validation),
        unit: 'ms',
        baseline: median(diskValidation),
        baselineName: 'on the local disk',
        lowerIsBetter: true,
      },
    ]
  } finally {
    await onS3.cleanup()
    await onDisk.cleanup()
    await s3.close()
  }
}
