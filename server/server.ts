// Builds the whole product from a Config and starts listening: database, blob store, identity
// (embedded provider or an external one), package service, preview host, HTTP app. Tests and
// scripts start a real server through this; server/main.ts is the command-line entry.
import fs from 'node:fs'
import path from 'node:path'
import { serve } from '@hono/node-server'
import { createLocalJWKSet, createRemoteJWKSet } from 'jose'
import type { IdentityProviderHandler } from './app.ts'
import { createAccessTokenVerifier } from './auth/bearer.ts'
import { buildClientConfig } from './auth/client-config.ts'
import { discoverIssuer, type IssuerMetadata } from './auth/discovery.ts'
import { composeApp } from './compose.ts'
import type { Config } from './config/parse-config.ts'
import { openDatabase } from './db/client.ts'
import { createEmbeddedIdentityProvider } from './idp/provider.ts'
import { ensureFirstUser } from './idp/users.ts'
import { loadOrCreateSecret } from './storage/local-disk-store.ts'
import { createThumbnailer } from './thumbnails/thumbnailer.ts'

const SWEEP_INTERVAL_MS = 5 * 60 * 1000

/** Where the product's own files are when they are not in the source tree (the single executable). */
export interface RuntimeFiles {
  migrationsDir?: string
  /** The loaded SQLite addon. */
  nativeBinding?: object
  mraidHost?: string
}

export interface RunningServer {
  url: string
  port: number
  thumbnails: boolean
  /** What to tell the person about signing in, when the embedded provider made a first user. */
  firstUser?: { email: string; generatedPassword?: string }
  close(): Promise<void>
}

export async function startServer(config: Config, runtime: RuntimeFiles = {}): Promise<RunningServer> {
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 })
  const db = openDatabase(path.join(config.dataDir, 'ads-preview.db'), {
    ...(runtime.migrationsDir ? { migrationsDir: runtime.migrationsDir } : {}),
    ...(runtime.nativeBinding ? { nativeBinding: runtime.nativeBinding } : {}),
  })
  const signingSecret = loadOrCreateSecret(path.join(config.dataDir, 'keys', 'blob-signing.key'))

  let identityProvider: (IdentityProviderHandler & { stop(): void }) | undefined
  let issuer: IssuerMetadata
  let keys: Parameters<typeof createAccessTokenVerifier>[0]['keys']
  let firstUser: RunningServer['firstUser']
  if (config.auth.embedded) {
    const embedded = await createEmbeddedIdentityProvider({ config, db })
    identityProvider = embedded
    issuer = embedded.metadata
    keys = createLocalJWKSet(embedded.publicJwks)
    firstUser = await ensureFirstUser(db, config.admin)
  } else {
    issuer = await discoverIssuer(config.auth.issuer)
    keys = createRemoteJWKSet(new URL(issuer.jwksUri))
  }

  let port = config.port
  let thumbnailer: ReturnType<typeof createThumbnailer> | undefined
  const { app, service, blobStore, preview } = composeApp({
    config,
    db,
    signingSecret,
    verifyAccessToken: createAccessTokenVerifier({
      issuer: issuer.issuer,
      audience: config.auth.audience,
      leewaySeconds: config.auth.leewaySeconds,
      keys,
    }),
    clientConfig: buildClientConfig(config, issuer),
    ...(identityProvider ? { identityProvider } : {}),
    onCreated: (uuid) => void thumbnailer?.schedule(uuid),
    ...(runtime.mraidHost ? { mraidHost: runtime.mraidHost } : {}),
  })
  thumbnailer = createThumbnailer({
    db,
    blobStore,
    chromiumPath: config.thumbnails.chromiumPath,
    localOrigin: () => `http://127.0.0.1:${port}`,
  })

  const sweep = (atBoot = false) =>
    service.sweep(atBoot).catch((error: unknown) => console.error('The storage sweep failed:', error))
  await sweep(true)
  const sweepTimer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS)
  sweepTimer.unref()

  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const listening = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
      resolve(listening),
    )
  })
  // Idle, not total: a 500 MB upload on a slow line is fine, a connection that stalls is not.
  server.setTimeout(config.http.idleTimeoutSeconds * 1000)
  const address = server.address()
  port = typeof address === 'object' && address ? address.port : config.port

  return {
    url: `${config.appUrl}/`,
    port,
    thumbnails: thumbnailer.available,
    ...(firstUser ? { firstUser } : {}),
    async close() {
      clearInterval(sweepTimer)
      identityProvider?.stop()
      await thumbnailer?.stop()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      preview.close()
      db.$client.close()
    },
  }
}
