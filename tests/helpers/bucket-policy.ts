// The bucket policy of docs/self-hosting.md held against the calls the product really made: each request the
// test S3 server recorded becomes the S3 actions it needs on the resources it touches (as AWS
// authorizes them), and each must be allowed by a statement of that policy. A call the
// mapping does not know (a subresource such as ?acl or ?tagging, a POST) is reported too, so a
// new kind of call cannot slip past the policy unnoticed.
import { readmeFile } from './readme-files.ts'
import type { RecordedS3Request } from './s3-server.ts'

/** The bucket name the documented policy is written for. */
const README_BUCKET = 'ads-preview'

interface Statement {
  Effect: 'Allow' | 'Deny'
  Action: string | string[]
  Resource: string | string[]
  Condition?: unknown
}

export interface S3Need {
  action: string
  resource: string
}

/** The documented policy for `bucket`. */
export function readmePolicy(bucket: string): { Statement: Statement[] } {
  return JSON.parse(
    readmeFile('bucket-policy.json').replaceAll(`arn:aws:s3:::${README_BUCKET}`, `arn:aws:s3:::${bucket}`),
  ) as { Statement: Statement[] }
}

/** Query parameters that are a call's arguments or its presigned signature, not a subresource. */
const ARGUMENTS = /^(X-Amz-.*|prefix|marker|max-keys|delimiter|encoding-type|list-type)$/

/** What the request needs granted, or a string saying why it cannot be mapped. */
export function needsOf(request: RecordedS3Request, bucket: string): S3Need[] | string {
  const url = new URL(request.url, 'http://s3')
  const [, name, ...rest] = url.pathname.split('/')
  const key = decodeURIComponent(rest.join('/'))
  const described = `${request.method} ${request.url}`
  // A browser's CORS preflight carries no credentials: the bucket's CORS rule answers it.
  if (request.method === 'OPTIONS') return []
  if (name !== bucket) return `${described}: another bucket`
  const subresource = [...url.searchParams.keys()].find((param) => !ARGUMENTS.test(param))
  if (subresource !== undefined) return `${described}: the subresource ?${subresource}`
  const object = `arn:aws:s3:::${bucket}/${key}`
  if (!key) {
    return request.method === 'GET'
      ? [{ action: 's3:ListBucket', resource: `arn:aws:s3:::${bucket}` }]
      : described
  }
  switch (request.method) {
    case 'GET':
    case 'HEAD':
      return [{ action: 's3:GetObject', resource: object }]
    case 'DELETE':
      return [{ action: 's3:DeleteObject', resource: object }]
    case 'PUT': {
      if (!request.copySource) return [{ action: 's3:PutObject', resource: object }]
      // CopyObject: read the source, write the destination.
      const source = decodeURIComponent(request.copySource.replace(/^\//, ''))
      return [
        { action: 's3:GetObject', resource: `arn:aws:s3:::${source}` },
        { action: 's3:PutObject', resource: object },
      ]
    }
    default:
      return described
  }
}

const matches = (pattern: string, value: string) =>
  new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  ).test(value)
const list = (value: string | string[]) => [value].flat()

/** The statement of `policy` that allows `need`, if any (a Deny or a condition never grants here). */
export function grantOf(policy: { Statement: Statement[] }, need: S3Need): Statement | undefined {
  return policy.Statement.find(
    (statement) =>
      statement.Effect === 'Allow' &&
      statement.Condition === undefined &&
      list(statement.Action).some((action) => matches(action, need.action)) &&
      list(statement.Resource).some((resource) => matches(resource, need.resource)),
  )
}

/**
 * The recorded calls the documented policy does not allow, each described (empty: all allowed),
 * and the policy's (action, resource) pairs no call used (empty: nothing granted in vain).
 */
export function checkPolicy(requests: RecordedS3Request[], bucket: string) {
  const policy = readmePolicy(bucket)
  const refused: string[] = []
  const used = new Set<string>()
  for (const request of requests) {
    const needs = needsOf(request, bucket)
    if (typeof needs === 'string') {
      refused.push(`unknown call ${needs}`)
      continue
    }
    for (const need of needs) {
      const statement = grantOf(policy, need)
      if (!statement) {
        refused.push(`${request.method} ${request.url} needs ${need.action} on ${need.resource}`)
        continue
      }
      const resource = list(statement.Resource).find((pattern) => matches(pattern, need.resource))
      used.add(`${need.action} ${resource}`)
    }
  }
  const unused = policy.Statement.flatMap((statement) =>
    list(statement.Action).flatMap((action) =>
      list(statement.Resource).map((resource) => `${action} ${resource}`),
    ),
  ).filter((pair) => !used.has(pair))
  return { refused: [...new Set(refused)], unused }
}
