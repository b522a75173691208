// S3_* variables: which store they choose, the URLs they give, and the mistakes they refuse.
import { expect, it } from 'vitest'
import { ConfigError, parseConfig } from '../../../parse-config.ts'
import { createS3Store } from './s3-store.ts'

const keys = { S3_ACCESS_KEY_ID: 'AKID', S3_SECRET_ACCESS_KEY: 'secret' }

function problems(env: Record<string, string>): string[] {
  try {
    parseConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

it('unset S3_BUCKET keeps the local store; S3_* without it, or a bucket without keys, stops the start', () => {
  expect(parseConfig({}).s3).toBeUndefined()
  expect(problems({ S3_ENDPOINT: 'http://minio:9000' })).toEqual([
    'S3_ENDPOINT=http://minio:9000: is set but S3_BUCKET is not (unset: packages stay in DATA_DIR)',
  ])
  expect(problems({ S3_BUCKET: 'ads' })).toEqual(['S3_ACCESS_KEY_ID: is required with S3_BUCKET'])
  expect(problems({ S3_BUCKET: 'ads', S3_ACCESS_KEY_ID: 'AKID' })).toEqual([
    'S3_SECRET_ACCESS_KEY: is required with S3_BUCKET',
  ])
  expect(problems({ S3_BUCKET: 'ads', ...keys, S3_ENDPOINT: 'http://minio:9000/ads' })[0]).toMatch(
    /^S3_ENDPOINT=http:\/\/minio:9000\/ads: must be an origin/,
  )
})

it('S3_REGION and S3_FORCE_PATH_STYLE shape the upload URL: AWS by default, virtual-hosted unless told', async () => {
  const aws = createS3Store(parseConfig({ S3_BUCKET: 'ads', S3_REGION: 'eu-west-1', ...keys }).s3!)
  expect(aws.uploadUrl).toBe('https://ads.s3.eu-west-1.amazonaws.com')
  const signed = new URL(
    await aws.signUploadUrl({
      key: 'uploads/u.zip',
      contentType: 'application/zip',
      maxBytes: 1,
      expiresInSeconds: 60,
    }),
  )
  expect(`${signed.origin}${signed.pathname}`).toBe('https://ads.s3.eu-west-1.amazonaws.com/uploads/u.zip')
  expect(signed.searchParams.get('X-Amz-Credential')).toMatch(/^AKID\/\d{8}\/eu-west-1\/s3\/aws4_request$/)

  const r2 = createS3Store(
    parseConfig({
      S3_BUCKET: 'ads',
      S3_REGION: 'auto',
      S3_ENDPOINT: 'https://acc.r2.cloudflarestorage.com',
      ...keys,
    }).s3!,
  )
  expect(r2.uploadUrl).toBe('https://ads.acc.r2.cloudflarestorage.com')
  const minio = createS3Store(
    parseConfig({ S3_BUCKET: 'ads', S3_ENDPOINT: 'http://minio:9000', S3_FORCE_PATH_STYLE: '1', ...keys })
      .s3!,
  )
  expect(minio.uploadUrl).toBe('http://minio:9000/ads')
})
