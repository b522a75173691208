// Object storage instead of DATA_DIR/blobs: S3_BUCKET names an S3-compatible bucket (AWS S3,
// Cloudflare R2, MinIO, Ceph); unset, packages stay on the local disk. The other S3_* variables
// say where and as whom; setting them without S3_BUCKET is a mistake, not a no-op.

import { defineConfigArea } from '../../config/config-area.ts'
import { ConfigIssue, env } from '../../config/env.ts'

export interface S3Settings {
  bucket: string
  /** The service's origin (path-style URLs) or the host buckets are subdomains of. */
  endpoint: URL
  region: string
  accessKeyId: string
  secretAccessKey: string
  /** `${endpoint}/${bucket}/key` instead of `${bucket}.${endpoint host}/key`. */
  forcePathStyle: boolean
}

export const s3Config = defineConfigArea(
  {
    S3_BUCKET: env.optionalString(3),
    S3_ENDPOINT: env.optionalUrl(),
    S3_REGION: env.stringWithDefault('us-east-1', 64),
    S3_ACCESS_KEY_ID: env.optionalString(1),
    S3_SECRET_ACCESS_KEY: env.optionalString(1),
    S3_FORCE_PATH_STYLE: env.flag(false),
  },
  (e): S3Settings | undefined => {
    if (!e.S3_BUCKET) {
      const stray = (['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).find(
        (name) => e[name],
      )
      if (stray)
        throw new ConfigIssue(stray, 'is set but S3_BUCKET is not (unset: packages stay in DATA_DIR)')
      return undefined
    }
    if (!e.S3_ACCESS_KEY_ID) throw new ConfigIssue('S3_ACCESS_KEY_ID', 'is required with S3_BUCKET')
    if (!e.S3_SECRET_ACCESS_KEY) throw new ConfigIssue('S3_SECRET_ACCESS_KEY', 'is required with S3_BUCKET')
    const endpoint = new URL(e.S3_ENDPOINT ?? `https://s3.${e.S3_REGION}.amazonaws.com`)
    if (endpoint.pathname !== '/' || endpoint.search) {
      throw new ConfigIssue('S3_ENDPOINT', 'must be an origin (https://host[:port]) with no path')
    }
    return {
      bucket: e.S3_BUCKET,
      endpoint,
      region: e.S3_REGION,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      forcePathStyle: e.S3_FORCE_PATH_STYLE,
    }
  },
)
