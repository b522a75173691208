// The one start-up function: builds the product's parts from a Config in dependency order
// (database, secrets, blob store, identity, package service, preview host, thumbnails, HTTP
// app, HTTP server) and answers { app, listen, close }. The CLI, the single executable, the
// tests and the benchmarks all start the product through here; nothing listens until listen().
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { inspectPackage } from '../shared/inspector/inspect.ts'
import { createApp } from './app.ts'
import { createIdentity, type ExternalIssuer } from './auth/identity.ts'
import { type Config, forListeningPort } from './config/parse-config.ts'
import { DATABASE_FILE, openDatabase } from './db/client.ts'
import { checkDatabase } from './health/database-check.ts'
import { createReadiness } from './health/readiness.ts'
import { logger } from './log/logger.ts'
import { createPackageService } from './packages/service.ts'
import { createArchiveCache } from './preview/archive-cache.ts'
import { readMraidHost } from './preview/mraid-host-file.ts'
import { createPreviewRoutes } from './preview/routes.ts'
import { createLocalDiskStore, loadOrCreateSecret } from './storage/local-disk-store.ts'
import type { LoadPlaywright } from './thumbnails/browser.ts'
import { createThumbnailer } from './thumbnails/thumbnailer.ts'

const SWEEP_INTERVAL_MS = 5 * 60 * 1000

/** Where the product's own files are when they are not in the source tree (the single executable). */
export interface RuntimeFiles {
  migrationsDir?: string
  /** The loaded SQLite addon. */
  nativeBinding?: object
  /** The MRAID host script in place of the built client's (tests bundle their own). */
  mraidHost?: string
  /** playwright-core, for thumbnails (the binary loads it from its unpacked files). */
  loadPlaywright?: LoadPlaywright
}

export interface StartOptions {
  runtime?: RuntimeFiles
  /** How an external issuer is found (default: its discovery document); tests hand in theirs. */
  externalIssuer?: (issuer: string) => Promise<ExternalIssuer>
}

export type Product = Awaited<ReturnType<typeof startProduct>>

/** Listens; answers the port; rejects with the socket's error (a taken port). */
function bind(server: http.Server, port: number, host: string | undefined): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      server.off('error', reject)
      resolve((server.address() as AddressInfo).port)
    })
  })
}

export async function startProduct(configured: Config, options: StartOptions = {}) {
  const runtime = options.runtime ?? {}
  const server = http.createServer()
  // PORT=0: the OS chooses, and the issuer, every link and the QR codes must carry the port it
  // chose, so the socket is bound before anything builds a URL. Nobody can connect to a port
  // not yet printed, so listening this early is harmless (requests wait for the app below).
  const config =
    configured.port === 0 ? forListeningPort(configured, await bind(server, 0, configured.host)) : configured
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 })
  const db = openDatabase(path.join(config.dataDir, DATABASE_FILE), {
    ...(runtime.migrationsDir ? { migrationsDir: runtime.migrationsDir } : {}),
    ...(runtime.nativeBinding ? { nativeBinding: runtime.nativeBinding } : {}),
  })
  const signingSecret = loadOrCreateSecret(path.join(config.dataDir, 'keys', 'blob-signing.key'))
  const blobStore = createLocalDiskStore({
    root: path.join(config.dataDir, 'blobs'),
    secret: signingSecret,
    putUrl: `${config.appUrl}/files/upload`,
  })
  const identity = await createIdentity(config, db, options.externalIssuer)
  // The HTTP server exists before the parts that need its address (the thumbnailer renders
  // through it); it gets the app as its request handler once the app is built.
  // Idle, not total: a 500 MB upload on a slow line is fine, a connection that stalls is not.
  // Node's own total limit per request (300 s) would cut a slow but steady upload with 408
  // (issue #12), so it is off; headers must still arrive within Node's 60 s.
  server.setTimeout(config.http.idleTimeoutSeconds * 1000)
  server.requestTimeout = 0
  const listeningPort = () => (server.address() as AddressInfo | null)?.port ?? config.port
  const thumbnailer = createThumbnailer({
    db,
    blobStore,
    chromiumPath: config.thumbnails.chromiumPath,
    ...(runtime.loadPlaywright ? { loadPlaywright: runtime.loadPlaywright } : {}),
    localOrigin: () => `http://127.0.0.1:${listeningPort()}`,
  })
  const archives = createArchiveCache(blobStore)
  const service = createPackageService({
    db,
    blobStore,
    config,
    inspect: inspectPackage,
    events: { created: (uuid) => void thumbnailer.schedule(uuid), removed: archives.evict },
  })
  const preview = createPreviewRoutes({
    service,
    archives,
    mraidHost: runtime.mraidHost ?? readMraidHost(config.clientDir),
  })
  const app = createApp({
    service,
    blobStore,
    signingSecret,
    preview,
    authenticate: identity.authenticate,
    clientConfig: identity.clientConfig,
    appUrl: config.appUrl,
    clientDir: config.clientDir,
    publicUrl: config.publicUrl,
    logRequests: config.http.logRequests,
    readiness: createReadiness({ database: () => checkDatabase(db), storage: () => blobStore.probe() }),
    ...(identity.provider ? { identityProvider: identity.provider } : {}),
  })
  server.on('request', getRequestListener(app.fetch, { hostname: config.host }))

  const sweep = (atBoot = false) =>
    service.sweep(atBoot).catch((error: unknown) => logger.error({ err: error }, 'The storage sweep failed'))
  await sweep(true)
  const sweepTimer = setInterval(() => void sweep(), SWEEP_INTERVAL_MS)
  sweepTimer.unref()

  return {
    /** The whole HTTP surface; `app.request()` answers without a socket. */
    app,
    parts: { db, blobStore, service, thumbnailer },
    thumbnails: thumbnailer.available,
    firstUser: identity.firstUser,
    /** Listens on config.port (0: one the OS picks); rejects with the socket's error (a taken port). */
    async listen(port = config.port): Promise<{ url: string; port: number }> {
      // Already listening when PORT=0 bound it early.
      if (!server.listening) await bind(server, port, config.host)
      return { url: `${config.appUrl}/`, port: listeningPort() }
    },
    /** Finishes requests in flight, stops the background work and closes the database. */
    async close(): Promise<void> {
      clearInterval(sweepTimer)
      identity.close()
      await thumbnailer.stop()
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()))
      archives.closeAll()
      db.$client.close()
    },
  }
}
