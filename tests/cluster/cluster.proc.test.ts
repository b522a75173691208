// Any number of stateless app processes (to serve more people than one machine can): PostgreSQL, an
// S3-compatible server (s3rver, signatures checked), two web nodes and one worker started together
// on one DATABASE_URL and bucket, and nginx round-robin in front of the web nodes with the
// documented site and upstream (no sticky sessions). Whatever one process did, the others see: the
// sign-in's steps land on both web nodes, an upload URL from B is validated on A and created on B,
// 20 keep-both uploads of one name spread over the two get versions 1 to 20, failed sign-ins count
// together, and the worker, which nobody reaches but its checks, renders the thumbnails.
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { strToU8, zipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findChromium } from '../../server/platform/renderer/chromium.ts'
import { VALID_INDEX_HTML, validPackage } from '../fixtures/packages.ts'
import {
  type AppCluster,
  CLUSTER_EMAIL,
  CLUSTER_PASSWORD,
  clusterUnavailable,
  startAppCluster,
} from '../helpers/app-cluster.ts'
import { checkPolicy } from '../helpers/bucket-policy.ts'
import { authorizeUrl, CookieClient, implicitAccessToken } from '../helpers/oidc-http.ts'
import type { ProductProcess } from '../helpers/product-process.ts'
import type { S3TestServer } from '../helpers/s3-server.ts'

/**
 * A request on a connection of its own. fetch keeps connections to each process alive and
 * reuses them; on this loaded machine one can pass the server's 5 s keep-alive before its reuse
 * ("other side closed"), which is the client's race, not the cluster's.
 */
function freshRequest(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string },
) {
  return new Promise<Response>((resolve, reject) => {
    const sent = http.request(
      url,
      { method: init.method ?? 'GET', headers: init.headers, agent: false },
      (answer) => {
        const chunks: Buffer[] = []
        answer.on('data', (chunk: Buffer) => chunks.push(chunk))
        answer.on('error', reject)
        answer.on('end', () =>
          resolve(new Response(Buffer.concat(chunks), { status: answer.statusCode ?? 0 })),
        )
      },
    )
    sent.on('error', reject)
    sent.end(init.body)
  })
}

describe.skipIf(clusterUnavailable() ?? (findChromium(undefined) ? undefined : 'no Chromium'))(
  'two web nodes behind nginx and a worker, on PostgreSQL and S3',
  () => {
    let cluster: AppCluster | undefined
    let s3: S3TestServer
    let nodes: ProductProcess[] = []
    let worker: ProductProcess
    let origin = ''
    let token = ''

    const api = (
      node: ProductProcess,
      route: string,
      init: { method?: string; headers?: Record<string, string>; body?: string } = {},
    ) =>
      freshRequest(`${node.base}/api/${route}`, {
        ...init,
        headers: { Authorization: `Bearer ${token}`, ...init.headers },
      })

    /** An upload URL from `node`, and the package PUT to the bucket through it. */
    async function putThrough(node: ProductProcess, filename: string, zip: Uint8Array, policy = 'keep') {
      const query = new URLSearchParams({ filename, contentType: 'application/zip', policy })
      const answer = (await (await api(node, `upload/get-package-upload-url?${query}`)).json()) as {
        uuid: string
        signedRequest: string
      }
      const put = await fetch(answer.signedRequest, {
        method: 'PUT',
        body: zip as Uint8Array<ArrayBuffer>,
        headers: { 'Content-Type': 'application/zip' },
      })
      expect(put.status).toBe(200)
      return answer.uuid
    }

    const validateOn = (node: ProductProcess, uuid: string) =>
      api(node, `upload/validate-package-upload/${uuid}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: '{"requireMraid":true}',
      })

    /** URL from one process, PUT to the bucket, validate on the next, create on the one after. */
    async function upload(filename: string, zip: Uint8Array, [a, b, c]: ProductProcess[]) {
      const uuid = await putThrough(a!, filename, zip)
      expect((await validateOn(b!, uuid)).status).toBe(200)
      const created = await api(c!, `packages/${uuid}`, { method: 'POST' })
      expect(created.status).toBe(201)
      return (
        (await created.json()) as {
          package: { uuid: string; filename_version: number; package_url: string; index_url: string }
        }
      ).package
    }

    beforeAll(async () => {
      // No runtime audit: the worker would watch each package for 30 s.
      cluster = await startAppCluster({ roles: ['web', 'web', 'worker'], env: { AUDIT_SECONDS: '0' } })
      ;({ origin, nodes, s3 } = cluster)
      worker = cluster.workers[0]!
    }, 120_000) // PostgreSQL, s3rver, three products and nginx: 15 s measured here beside the suite at a load of 30

    afterAll(() => cluster?.stop())

    const servedOn = (node: ProductProcess, pathPart: string) =>
      node
        .output()
        .split('\n')
        .filter((line) => line.includes(pathPart) && line.includes('"status"')).length

    it('signs in through nginx with each step on another process, and every process takes the token', async () => {
      token = await implicitAccessToken(`${origin}/ads-preview`, CLUSTER_EMAIL, CLUSTER_PASSWORD)
      // The sign-in's requests (authorize, login page, form post, resume) went round the three.
      expect(nodes.map((node) => servedOn(node, '/ads-preview/oidc/'))).not.toContain(0)
      for (const node of nodes) expect((await api(node, 'packages')).status).toBe(200)
    })

    it('upload URL from B, validate on A, create on B; listed, previewed and downloaded through every web node', async () => {
      const [a, b] = nodes as [ProductProcess, ProductProcess]
      const zip = validPackage('cluster')
      const created = await upload('cluster.zip', zip, [b, a, b])
      const listed = (await (await api(a, 'packages')).json()) as { packages: { uuid: string }[] }
      expect(listed.packages.map((p) => p.uuid)).toContain(created.uuid)
      for (const node of [...nodes, undefined]) {
        const base = node ? node.base.replace('/ads-preview', '') : origin
        const download = await fetch(created.package_url.replace(origin, base))
        expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(zip))).toBe(true)
        const preview = await fetch(`${created.index_url.replace(origin, base)}?raw=1`)
        expect(await preview.text()).toBe(VALID_INDEX_HTML)
      }
    }, 20_000) // 2.7-7.3 s measured here beside the suite at a load of 30-39

    it('the worker renders the thumbnail of a package created on a web node, and answers only its checks', async () => {
      const [a, b] = nodes as [ProductProcess, ProductProcess]
      const created = await upload('thumbnail.zip', validPackage('thumbnail'), [a, b, a])
      const thumbnail = `${origin}/ads-preview/files/thumbnails/${created.uuid}`
      await expect
        .poll(async () => (await fetch(thumbnail)).headers.get('content-type'), { timeout: 30_000 })
        .toBe('image/png')
      expect(s3.keys('thumbnails/')).toContain(`thumbnails/${created.uuid}.png`)
      // The creative's files were read by the worker's renderer, and by no web node.
      expect(servedOn(worker, created.uuid)).toBeGreaterThan(0)
      for (const node of nodes) expect(servedOn(node, `/preview/${created.uuid}`)).toBe(0)
      expect((await fetch(`${worker.base}/health`)).status).toBe(200)
      expect((await api(worker, 'packages')).status).toBe(404)
    }, 60_000) // the worker's first Chromium launch and render: 27 s measured here beside other suites at a load of 40-50

    it('20 keep-both uploads of one name spread over the two get versions 1 to 20', async () => {
      const before = s3.keys('packages/').length
      const versions = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const spread = [0, 1, 2].map((k) => nodes[(i + k) % 2]!)
          return (await upload('same.zip', validPackage(`v${i}`), spread)).filename_version
        }),
      )
      expect(versions.sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
      expect(s3.keys('packages/')).toHaveLength(before + 20)
    }, 30_000) // 4.2-11.8 s measured here beside the suite at a load of 30-39

    it('failed sign-ins on different processes count together', async () => {
      const browser = new CookieClient(origin)
      const form = await browser.loginForm(
        authorizeUrl(`${origin}/ads-preview`, { response_type: 'token id_token' }),
      )
      const statuses: number[] = []
      for (let i = 0; i < 6; i++) {
        // The same form posted to each process in turn, as nginx would spread it.
        const action = form.action.replace(origin, `http://localhost:${nodes[i % 2]!.port}`)
        const answer = await browser.request(action, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            email: 'nobody@example.com',
            password: 'wrong',
            csrf: form.csrf,
          }).toString(),
        })
        statuses.push(answer.status)
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429])
    }, 15_000) // 2.2-3.0 s measured here beside the suite at a load of 30

    it('a process killed (SIGKILL) after handing out an upload URL and during its validation loses nothing: the retry through nginx succeeds once', async () => {
      const [a, b] = nodes as [ProductProcess, ProductProcess]
      const through = { base: `${origin}/ads-preview` } as ProductProcess
      // 30 MB stored, so the validation is still hashing when its process dies.
      const zip = zipSync({
        'index.html': strToU8(VALID_INDEX_HTML),
        'ad.js': strToU8('mraid.getState()'),
        // Stored, not deflated: random bytes do not compress, and deflating 30 MB takes seconds.
        'big.bin': [randomBytes(30 * 1024 * 1024), { level: 0 }],
      })
      const uuid = await putThrough(b, 'killed.zip', zip, 'none')
      const cut = validateOn(b, uuid).then(
        (response) => response.status,
        () => 'cut' as const,
      )
      await expect
        .poll(() => s3.requests.some((r) => r.url.endsWith(`uploads/${uuid}.zip`) && r.method === 'GET'))
        .toBe(true)
      b.child.kill('SIGKILL')
      expect(await cut).toBe('cut')
      // The user tries again; nginx passes the calls to the process left.
      expect((await validateOn(through, uuid)).status).toBe(200)
      const created = await api(through, `packages/${uuid}`, { method: 'POST' })
      expect(created.status).toBe(201)
      const again = await api(through, `packages/${uuid}`, { method: 'POST' })
      // Again for the same upload: the same package, not a second one.
      expect(again.status).toBe(200)
      const listed = (await (await api(a, 'packages')).json()) as {
        packages: { filename: string; uuid: string }[]
      }
      expect(listed.packages.filter((p) => p.filename === 'killed.zip').map((p) => p.uuid)).toEqual([uuid])
      expect(s3.keys('packages/').filter((key) => key.includes(uuid))).toEqual([`packages/${uuid}.zip`])
      const { package: pkg } = (await created.json()) as { package: { package_url: string } }
      const download = await fetch(pkg.package_url)
      expect(Buffer.from(await download.arrayBuffer()).equals(Buffer.from(zip))).toBe(true)
    }, 60_000) // two restarts: 6.6-26.1 s measured here beside the suite at a load of 30-39

    it('every call the processes made to the bucket is one the documented bucket policy grants', () => {
      expect(checkPolicy(s3.requests, s3.bucket).refused).toEqual([])
    })
  },
)
