// The scale-out setup of docs/self-hosting.md's "More than one machine", started for a test or a bench:
// a throwaway PostgreSQL, an S3-compatible server (s3rver, signatures checked), three app
// processes started together on one DATABASE_URL and bucket, and nginx round-robin in front with
// the documented site and upstream (no sticky sessions). `extraNginx` adds server blocks to the
// same nginx (the bench's static baseline). `roles` gives each process its SERVER_ROLE (default:
// three that do everything, without Chromium); a worker is left out of nginx's upstream, and
// the processes of a cluster with roles have Chromium, as web nodes and workers would.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { ServerRole } from '../../server/platform/jobs/config.ts'
import { findChromium } from '../../server/platform/renderer/chromium.ts'
import { type Cluster, findPostgresBin, startCluster } from '../postgres/cluster.ts'
import { nginxTest, SITE_CACHE_PATH, startNginx } from './nginx.ts'
import { freePort, type ProductProcess, startProductProcess } from './product-process.ts'
import { has, readmeFile } from './readme-files.ts'
import { type S3TestServer, startS3Server } from './s3-server.ts'

export const CLUSTER_EMAIL = 'cluster@example.com'
export const CLUSTER_PASSWORD = 'cluster-password-1'

/** Why the cluster cannot start here (no PostgreSQL binaries, no nginx), or undefined. */
export function clusterUnavailable(): string | undefined {
  if (!findPostgresBin()) return 'no PostgreSQL binaries (POSTGRES_BIN)'
  if (!has('nginx')) return 'no nginx'
  return undefined
}

export interface AppCluster {
  /** nginx's origin, the PUBLIC_URL of every process. */
  origin: string
  /** The processes behind nginx. */
  nodes: ProductProcess[]
  /** The processes that run background jobs only (SERVER_ROLE=worker), not behind nginx. */
  workers: ProductProcess[]
  s3: S3TestServer
  pg: Cluster
  stop(): Promise<void>
}

export async function startAppCluster(
  options: { env?: Record<string, string>; extraNginx?: string; roles?: ServerRole[] } = {},
): Promise<AppCluster> {
  const roles = options.roles ?? ['all', 'all', 'all']
  const chromium = (options.roles && findChromium(undefined)) || '/nonexistent'
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-cluster-'))
  const pg = await startCluster(findPostgresBin()!)
  const nginxPort = await freePort()
  const origin = `http://localhost:${nginxPort}`
  const s3 = await startS3Server({ corsOrigin: origin })
  let started: ProductProcess[] = []
  let nginx: Awaited<ReturnType<typeof startNginx>> | undefined
  const stop = async () => {
    nginx?.stop()
    await Promise.all(started.map((node) => node.stop()))
    for (const node of started) node.killAll()
    await s3.close()
    pg.stop()
    fs.rmSync(dir, { recursive: true, force: true })
  }
  try {
    // Started together: the migrations run once under their lock, the first user is made once.
    const starting = await Promise.allSettled(
      roles.map((role, i) =>
        startProductProcess({
          timeoutMs: 90_000,
          env: {
            DATA_DIR: path.join(dir, String(i)),
            SERVER_ROLE: role,
            DATABASE_URL: pg.url,
            ...s3.env,
            PUBLIC_URL: origin,
            ADMIN_EMAIL: CLUSTER_EMAIL,
            ADMIN_PASSWORD: CLUSTER_PASSWORD,
            TRUSTED_PROXIES: '127.0.0.1',
            CHROMIUM_PATH: chromium,
            LOG_REQUESTS: '1',
            LOG_FORMAT: 'json',
            ...options.env,
          },
        }),
      ),
    )
    started = starting.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
    const failed = starting.find((result) => result.status === 'rejected')
    if (failed) throw failed.reason
    const nodes = started.filter((_, i) => roles[i] !== 'worker')
    const workers = started.filter((_, i) => roles[i] === 'worker')
    const upstream = readmeFile('/etc/nginx/conf.d/ads-preview-nodes.conf').replace(
      /(\s*server 10\.0\.0\.\d+:3000 [^;]*;)+/,
      nodes.map((node) => `\n    server 127.0.0.1:${node.port} max_fails=2 fail_timeout=10s;`).join(''),
    )
    // The documented site, on plain http here (the TLS lines are the single-machine test's).
    const site = readmeFile('/etc/nginx/sites-available/ads-preview')
      .replace(/listen 443 ssl[^;]*;/, `listen 127.0.0.1:${nginxPort};`)
      .replace(/\s*http2 on;/, '')
      .replace(/\s*ssl_certificate[^;]*;/g, '')
      .replace(/server \{\s*listen 80;[\s\S]*?\n\}\n?$/, '')
      .replace(SITE_CACHE_PATH, path.join(dir, 'nginx-cache'))
      .replaceAll(
        /\s*proxy_pass http:\/\/127\.0\.0\.1:3000;/g,
        `\n${readmeFile('ads-preview-nodes-location')}`,
      )
    if (
      /10\.0\.0|:3000;|nginx-ads-preview/.test(upstream + site) ||
      !site.includes('proxy_pass http://ads_preview;')
    ) {
      throw new Error("docs/self-hosting.md's nginx blocks no longer have the shape this setup rewrites")
    }
    nginx = await startNginx(
      path.join(dir, 'nginx'),
      `${upstream}\n${site}\n${options.extraNginx ?? ''}`,
      async () => (await fetch(`${origin}/ads-preview/health`)).status === 200,
    )
    const check = nginxTest(path.join(dir, 'nginx'))
    if (check.status !== 0) throw new Error(`nginx -t: ${check.stderr}`)
    return { origin, nodes, workers, s3, pg, stop }
  } catch (error) {
    await stop()
    throw error
  }
}
