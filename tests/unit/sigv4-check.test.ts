// The signature check that stands in for S3's own in the tests, and the signer the product uses,
// against AWS's published example of a presigned GET (S3 docs, "Authenticating Requests: Using
// Query Parameters"): both must give exactly AWS's signature.
import { AwsClient } from 'aws4fetch'
import { expect, it } from 'vitest'
import { checkSignatureV4 } from '../helpers/sigv4-check.ts'

const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'
const AWS_EXAMPLE =
  '/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request' +
  '&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host' +
  '&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404'
const request = (url: string) => ({
  method: 'GET',
  url,
  headers: { host: 'examplebucket.s3.amazonaws.com' },
})
const secrets = { AKIAIOSFODNN7EXAMPLE: SECRET }
const during = Date.parse('2013-0524T01:00:00Z'.replace('05', '05-'))

it("takes AWS's example and refuses it tampered, for another key, or expired", () => {
  expect(checkSignatureV4(request(AWS_EXAMPLE), secrets, during)).toEqual({ ok: true })
  expect(
    checkSignatureV4(request(AWS_EXAMPLE.replace('test.txt', 'other.txt')), secrets, during),
  ).toMatchObject({
    ok: false,
    code: 'SignatureDoesNotMatch',
  })
  expect(
    checkSignatureV4(request(AWS_EXAMPLE), { AKIAIOSFODNN7EXAMPLE: 'another secret' }, during),
  ).toMatchObject({
    code: 'SignatureDoesNotMatch',
  })
  expect(checkSignatureV4(request(AWS_EXAMPLE), secrets, during + 86_400_000)).toMatchObject({
    code: 'AccessDenied',
  })
})

it("the product's signer gives AWS's signature for AWS's example", async () => {
  const aws = new AwsClient({
    accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
    secretAccessKey: SECRET,
    service: 's3',
    region: 'us-east-1',
  })
  const signed = await aws.sign('https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Expires=86400', {
    method: 'GET',
    aws: { signQuery: true, datetime: '20130524T000000Z' },
  })
  expect(new URL(signed.url).searchParams.get('X-Amz-Signature')).toBe(
    'aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404',
  )
})
