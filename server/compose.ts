// The product's parts wired together once: blob store, package service, preview host, HTTP
// app. startServer and the tests both build the app through here, so they run the same wiring.
import path from 'node:path'
import type { ClientConfig } from '../shared/api.ts'
import { inspectPackage } from '../shared/inspector/inspect.ts'
import { createApp, type IdentityProviderHandler } from './app.ts'
import type { VerifyAccessToken } from './auth/bearer.ts'
import type { Config } from './config/parse-config.ts'
import type { Db } from './db/client.ts'
import { createPackageService } from './packages/service.ts'
import { createPreviewRoutes } from './preview/routes.ts'
import { createLocalDiskStore } from './storage/local-disk-store.ts'

export interface ComposeOptions {
  config: Config
  db: Db
  signingSecret: Buffer
  verifyAccessToken: VerifyAccessToken
  clientConfig: ClientConfig
  identityProvider?: IdentityProviderHandler
  /** After a package's record has committed (thumbnails hook in here). */
  onCreated?: (uuid: string) => void
  /** The MRAID host script, when it is not read from the source tree. */
  mraidHost?: string
}

export function composeApp(options: ComposeOptions) {
  const { config, db, signingSecret } = options
  const blobStore = createLocalDiskStore({
    root: path.join(config.dataDir, 'blobs'),
    secret: signingSecret,
    putUrl: `${config.appUrl}/files/upload`,
  })
  let preview: ReturnType<typeof createPreviewRoutes> | undefined
  const service = createPackageService({
    db,
    blobStore,
    config,
    inspect: inspectPackage,
    events: {
      created: (uuid) => options.onCreated?.(uuid),
      removed: (uuid) => preview?.evict(uuid),
    },
  })
  preview = createPreviewRoutes({
    service,
    blobStore,
    ...(options.mraidHost ? { mraidHost: options.mraidHost } : {}),
  })
  const app = createApp({
    service,
    blobStore,
    signingSecret,
    preview,
    verifyAccessToken: options.verifyAccessToken,
    clientConfig: options.clientConfig,
    clientDir: config.clientDir,
    logRequests: config.http.logRequests,
    ...(options.identityProvider ? { identityProvider: options.identityProvider } : {}),
  })
  return { app, service, blobStore, preview }
}
