// The blob store the configuration chooses: an S3-compatible bucket when S3_BUCKET is set (any
// number of app processes share it), else the local disk under DATA_DIR/blobs.

import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { CoreConfig } from '../config/core.ts'
import type { SecretStore } from '../db/secrets.ts'
import type { BlobStore } from './blob-store.ts'
import { createLocalDiskStore } from './local/local-disk-store.ts'
import type { S3Settings } from './s3/config.ts'
import { createS3Store } from './s3/s3-store.ts'

export async function openBlobStore(
  config: Pick<CoreConfig, 'dataDir' | 'appUrl'> & { s3: S3Settings | undefined },
  secrets: SecretStore,
): Promise<BlobStore> {
  if (config.s3) return createS3Store(config.s3)
  const signingSecret = await secrets.loadOrCreate('blob-signing.key', () =>
    randomBytes(32).toString('base64url'),
  )
  const blobs = createLocalDiskStore({
    root: path.join(config.dataDir, 'blobs'),
    secret: Buffer.from(signingSecret.trim(), 'base64url'),
    putUrl: `${config.appUrl}/files/upload`,
  })
  // This process is the only writer of its disk, so at start every temp file is a crash's leftover.
  await blobs.removeStaleTemporaryFiles(0)
  return blobs
}
