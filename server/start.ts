// The one start-up function: builds the product's parts from a Config in dependency order
// (database, secrets, blob store, identity, job queue, preview cache, actions' services, HTTP
// app, HTTP server) and answers { app, listen, close }. The CLI, the single executable, the
// tests and the benchmarks all start the product through here. Nothing listens and no
// background job runs until listen(): then this process also takes jobs from the queue (the
// storage sweep, thumbnails when it has a browser), unless SERVER_ROLE says it is a web node.
import fs from 'node:fs'
import type http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { getRequestListener } from '@hono/node-server'
import type { Services } from './actions/define-action.ts'
import { carriesPackage, createApp } from './app.ts'
import {
  createChildInspector,
  type SpawnInspector,
  spawnSourceInspector,
} from './creatives/inspection/inspect-in-child.ts'
import { createLiveBus } from './creatives/live/live-bus.ts'
import { createArchiveCache } from './creatives/preview/archive-cache.ts'
import { readMraidHost } from './creatives/preview/mraid-host-file.ts'
import { createPackageFiles } from './creatives/preview/package-files.ts'
import { createPreviewRoutes } from './creatives/preview/routes.ts'
import { purgeRetainedHandler } from './creatives/retention/purge-retained.ts'
import { auditHandler } from './creatives/runtime-audit/audit-job.ts'
import { thumbnailHandler } from './creatives/thumbnails/thumbnail-job.ts'
import { sweepHandler } from './creatives/uploads/sweep-storage.ts'
import { createIdentity, type ExternalIssuer } from './identity/access/identity.ts'
import { type Config, forListeningPort } from './parse-config.ts'
import { type DatabaseFiles, openDatabase } from './platform/db/open-database.ts'
import { createSecretStore } from './platform/db/secrets.ts'
import { checkDatabase } from './platform/health/database-check.ts'
import { createReadiness } from './platform/health/readiness.ts'
import { createHttpServer } from './platform/http/create-http-server.ts'
import { createJobQueue } from './platform/jobs/job-queue.ts'
import { type JobHandler, type JobRunner, startJobRunner } from './platform/jobs/job-runner.ts'
import { trackRequestLoad } from './platform/jobs/request-load.ts'
import { servedByRole } from './platform/jobs/role-surface.ts'
import { createMailer } from './platform/mail/mailer.ts'
import { createRendererBrowser, type LoadPlaywright } from './platform/renderer/browser.ts'
import { findChromium } from './platform/renderer/chromium.ts'
import { openBlobStore } from './platform/storage/open-blob-store.ts'

/** Where the product's own files are when they are not in the source tree (the single executable). */
export interface RuntimeFiles extends DatabaseFiles {
  /** The MRAID host script in place of the built client's (tests bundle their own). */
  mraidHost?: string
  /** playwright-core, for thumbnails (the binary loads it from its unpacked files). */
  loadPlaywright?: LoadPlaywright
  /** How an inspecting process starts (the binary starts itself). */
  spawnInspector?: SpawnInspector
}

export interface StartOptions {
  runtime?: RuntimeFiles
  /** How an external issuer is found (default: its discovery document); tests hand in theirs. */
  externalIssuer?: (issuer: string) => Promise<ExternalIssuer>
  /**
   * The product's clock (ms since the epoch): the sign-in throttle, the expiry of member links,
   * API tokens and live sessions, retention, and the job queue's runs, retries and locks read it,
   * so a test moves it instead of waiting. Default: Date.now(), read at each call, so Vitest's
   * fake Date moves it too.
   */
  now?: () => number
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
  const now = options.now ?? (() => Date.now())
  const server = createHttpServer(configured.http, carriesPackage)
  // PORT=0: the OS chooses, and the issuer, every link and the QR codes must carry the port it
  // chose, so the socket is bound before anything builds a URL. Nobody can connect to a port
  // not yet printed, so listening this early is harmless (requests wait for the app below).
  const config =
    configured.port === 0 ? forListeningPort(configured, await bind(server, 0, configured.host)) : configured
  fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 })
  const db = await openDatabase(config, runtime)
  const secrets = createSecretStore(db, path.join(config.dataDir, 'keys'))
  const blobs = await openBlobStore(config, secrets)
  const identity = await createIdentity(config, { db, secrets, now }, options.externalIssuer)
  const jobs = createJobQueue(db, now)
  const archives = createArchiveCache(blobs)
  const { role } = config.jobs
  // Whether thumbnails and audits are made is the installation's; who makes them, the role's.
  const chromium = findChromium(config.thumbnails.chromiumPath)
  const browser =
    chromium && role !== 'web' ? createRendererBrowser(chromium, runtime.loadPlaywright) : undefined
  const inspector = createChildInspector(
    runtime.spawnInspector ?? spawnSourceInspector,
    config.uploads.validationLimits,
  )
  const mailer = createMailer(config.mail)
  const packageFiles = createPackageFiles({
    db,
    archives,
    mraidHost: runtime.mraidHost ?? readMraidHost(config.clientDir),
  })
  const services: Services = {
    config,
    db,
    blobs,
    jobs,
    inspect: inspector.inspect,
    packageGone: archives.evict,
    renderThumbnails: chromium !== undefined,
    auditCreatives: chromium !== undefined && config.targets.auditWindowMs > 0,
    ...(identity.members ? { members: identity.members } : {}),
    ...(mailer ? { mailer } : {}),
    packageFiles,
    liveBus: createLiveBus(),
    now,
  }
  const app = createApp({
    services,
    preview: createPreviewRoutes(packageFiles),
    authenticate: identity.authenticate,
    clientConfig: identity.clientConfig,
    clientDir: config.clientDir,
    logRequests: config.http.logRequests,
    readiness: createReadiness({ database: () => checkDatabase(db), storage: () => blobs.probe() }),
    ...(identity.provider ? { identityProvider: identity.provider } : {}),
  })
  server.on('request', getRequestListener(servedByRole(role, app.fetch), { hostname: config.host }))
  const requestLoad = trackRequestLoad(server)
  const runners: JobRunner[] = []
  const stopAudits: (() => void)[] = []

  return {
    /** The whole HTTP surface; `app.request()` answers without a socket. */
    app,
    services,
    thumbnails: chromium !== undefined,
    firstUser: identity.firstUser,
    /**
     * Listens on config.port (0: one the OS picks) and starts taking jobs; rejects with the
     * socket's error (a taken port).
     */
    async listen(port = config.port): Promise<{ url: string; port: number }> {
      // Already listening when PORT=0 bound it early.
      const listening = server.listening
        ? (server.address() as AddressInfo).port
        : await bind(server, port, config.host)
      const handlers: JobHandler[] = [sweepHandler(services), purgeRetainedHandler(services)]
      // The renderer asks the app itself for a package's files: no socket, whatever HOST is.
      const sandbox = {
        previewOrigin: config.publicUrl,
        fetchPreview: async (request: Request) => app.fetch(request),
        yielding: requestLoad.busy,
      }
      if (browser) handlers.push(thumbnailHandler(services, browser, sandbox))
      if (browser && services.auditCreatives) {
        const audits = auditHandler(services, browser, sandbox)
        stopAudits.push(audits.stop)
        handlers.push(audits)
      }
      if (role !== 'worker') inspector.warm()
      if (role !== 'web') runners.push(startJobRunner(jobs, handlers, config.jobs.pollMs, requestLoad))
      return { url: `${config.appUrl}/`, port: listening }
    },
    /** Finishes requests and jobs in flight, then closes the browser and the database. */
    async close(): Promise<void> {
      identity.close()
      // An audit watches a creative for half a minute: it is cut short and runs again later.
      const stopped = runners.map((runner) => runner.stop())
      for (const stop of stopAudits) stop()
      await Promise.all(stopped)
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()))
      await browser?.close()
      inspector.close()
      archives.closeAll()
      await db.close()
    },
  }
}
