// docs/self-hosting.md's systemd unit and nginx site, taken from the page itself (fences marked
// `file=...`): the unit passes `systemd-analyze verify` and sets only variables the product
// reads; the site passes `nginx -t` and, run by nginx on a test certificate in front of the real
// server, serves it: HTTP/2, health, an https issuer (the forwarded headers are trusted), the
// request id passed through, an upload larger than nginx's default body limit, preview files
// from its cache, and never a cached answer to a request with credentials or one that sets a cookie.
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import http2 from 'node:http2'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configVariableNames } from '../../server/parse-config.ts'
import { nginxTest, SITE_CACHE_PATH, siteForThisNginx, startNginx } from '../helpers/nginx.ts'
import { authorizeUrl } from '../helpers/oidc-http.ts'
import { freePort, type ProductProcess, startProductProcess } from '../helpers/product-process.ts'
import { has, readmeFile } from '../helpers/readme-files.ts'

// Signs in and makes a package through nginx, in a process that trusts the test certificate
// (fetch takes no option for that); prints the token and the package's preview folder.
const SIGN_IN_AND_UPLOAD = `import { implicitAccessToken } from '${path.resolve(import.meta.dirname, '../helpers/oidc-http.ts')}'
import { uploadOverHttp } from '${path.resolve(import.meta.dirname, '../helpers/http-upload.ts')}'
import { VALID_INDEX_HTML, zipOf } from '${path.resolve(import.meta.dirname, '../fixtures/packages.ts')}'
const base = process.argv[1]
const token = await implicitAccessToken(base, 'ops@example.com', 'ops-password-1')
const created = await uploadOverHttp(base, token, 'cached.zip', zipOf({ 'index.html': VALID_INDEX_HTML, 'ad.js': 'ad()' }))
if (created.status !== 201) throw new Error(JSON.stringify(created))
process.stdout.write(JSON.stringify({ token, previewFolder: new URL(created.body.package.index_url).pathname.replace(/index\\.html$/, '') }))`

const UNIT = readmeFile('/etc/systemd/system/ads-preview.service')
const SITE = readmeFile('/etc/nginx/sites-available/ads-preview')
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-deploy-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe.skipIf(!has('systemd-analyze'))('the systemd unit', () => {
  it('passes systemd-analyze verify without a remark', () => {
    // verify wants the executable to exist: point ExecStart at a stand-in.
    const stand = path.join(dir, 'ads-preview')
    fs.copyFileSync('/bin/true', stand)
    fs.chmodSync(stand, 0o755)
    const unit = path.join(dir, 'ads-preview.service')
    fs.writeFileSync(unit, UNIT.replace('/opt/ads-preview/ads-preview', stand))
    const verify = spawnSync('systemd-analyze', ['verify', unit], { encoding: 'utf8' })
    expect(verify.stdout + verify.stderr).toBe('')
    expect(verify.status).toBe(0)
  })

  it('sets only variables the product reads, and runs the binary on loopback', () => {
    const variables = [...UNIT.matchAll(/^Environment=(\w+)=/gm)].map((match) => match[1]!)
    expect(variables.length).toBeGreaterThan(0)
    for (const name of variables) expect(configVariableNames()).toContain(name)
    expect(UNIT).toMatch(/^Environment=HOST=127\.0\.0\.1$/m)
  })
})

describe.skipIf(!has('nginx') || !has('openssl'))(
  'the nginx site, run by nginx in front of the server',
  () => {
    let product: ProductProcess
    let nginx: Awaited<ReturnType<typeof startNginx>> | undefined
    let origin = ''
    const prefix = path.join(dir, 'nginx')

    /** An https request that accepts the test certificate. */
    function request(
      url: string,
      init: { method?: string; headers?: Record<string, string>; body?: Buffer } = {},
    ): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
      return new Promise((resolve, reject) => {
        const sent = https.request(
          url,
          { method: init.method ?? 'GET', headers: init.headers, rejectUnauthorized: false },
          (response) => {
            let body = ''
            response.on('data', (chunk: Buffer) => {
              body += chunk.toString()
            })
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
            )
          },
        )
        sent.on('error', reject)
        sent.end(init.body)
      })
    }

    beforeAll(async () => {
      const [httpsPort, httpPort] = [await freePort(), await freePort()]
      // Not `localhost`: oidc-provider refuses implicit-flow redirects to it over https.
      origin = `https://127.0.0.1:${httpsPort}`
      product = await startProductProcess({
        env: {
          DATA_DIR: path.join(dir, 'data'),
          HOST: '127.0.0.1',
          PUBLIC_URL: origin,
          ADMIN_EMAIL: 'ops@example.com',
          ADMIN_PASSWORD: 'ops-password-1',
          CHROMIUM_PATH: '/nonexistent',
          // A record per request: what reached the app, beside what nginx answered from its cache.
          LOG_REQUESTS: '1',
          LOG_FORMAT: 'json',
        },
      })
      fs.mkdirSync(prefix, { recursive: true })
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-days',
          '1',
          '-subj',
          '/CN=127.0.0.1',
          '-addext',
          'subjectAltName=IP:127.0.0.1',
          '-keyout',
          path.join(prefix, 'key.pem'),
          '-out',
          path.join(prefix, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      )
      const site = siteForThisNginx(SITE, readmeFile('nginx-before-1.25.1-listen'))
        .replaceAll('ads.example.com', '127.0.0.1')
        .replace(SITE_CACHE_PATH, path.join(prefix, 'cache'))
        .replace('/etc/letsencrypt/live/127.0.0.1/fullchain.pem', path.join(prefix, 'cert.pem'))
        .replace('/etc/letsencrypt/live/127.0.0.1/privkey.pem', path.join(prefix, 'key.pem'))
        .replace('listen 443 ssl', `listen 127.0.0.1:${httpsPort} ssl`)
        .replace('listen 80;', `listen 127.0.0.1:${httpPort};`)
        .replaceAll('http://127.0.0.1:3000', `http://127.0.0.1:${product.port}`)
      expect(site).not.toMatch(/ads\.example\.com|letsencrypt|:3000;|nginx-ads-preview/)
      nginx = await startNginx(
        prefix,
        site,
        async () => (await request(`${origin}/ads-preview/health`)).status === 200,
      )
    }, 60_000) // a product and nginx: 23 s measured here beside the suite at a load of 30

    afterAll(async () => {
      nginx?.stop()
      await product?.stop()
    })

    it('passes nginx -t', () => {
      const test = nginxTest(prefix)
      expect(test.stderr).toContain('test is successful')
      expect(test.status).toBe(0)
    })

    it('serves the app over https with an https issuer, and passes the request id through', async () => {
      const health = await request(`${origin}/ads-preview/health`)
      expect(health.status).toBe(200)
      expect(health.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/)
      const discovery = await request(`${origin}/ads-preview/oidc/.well-known/openid-configuration`)
      expect(JSON.parse(discovery.body)).toMatchObject({ issuer: `${origin}/ads-preview/oidc` })
    })

    /** A token and a package's preview folder, made through nginx once for the tests below. */
    let signedIn: { token: string; previewFolder: string } | undefined
    function signInAndUpload() {
      if (signedIn) return signedIn
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', SIGN_IN_AND_UPLOAD, `${origin}/ads-preview`],
        { encoding: 'utf8', env: { ...process.env, NODE_EXTRA_CA_CERTS: path.join(prefix, 'cert.pem') } },
      )
      expect(run.stderr).toBe('')
      signedIn = JSON.parse(run.stdout) as { token: string; previewFolder: string }
      return signedIn
    }

    /** How many requests for `pathname` (query included) reached the app, by its request log. */
    const reachedApp = (pathname: string) =>
      product
        .output()
        .split('\n')
        .filter((line) => line.includes(`"path":"${pathname}"`)).length

    it('speaks HTTP/2', async () => {
      const session = http2.connect(origin, { rejectUnauthorized: false })
      try {
        const status = await new Promise<number>((resolve, reject) => {
          const stream = session.request({ ':path': '/ads-preview/health' })
          stream.on('response', (headers) => resolve(Number(headers[':status'])))
          stream.on('error', reject)
          stream.end()
        })
        expect(status).toBe(200)
      } finally {
        session.close()
      }
    })

    it('takes an upload larger than nginx lets through by default (1 MB)', async () => {
      const { token } = signInAndUpload()
      const query = new URLSearchParams({ filename: 'big.zip', contentType: 'application/zip' })
      const answer = await request(`${origin}/ads-preview/api/upload/get-package-upload-url?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      const { signedRequest } = JSON.parse(answer.body) as { signedRequest: string }
      expect(signedRequest.startsWith(`${origin}/`)).toBe(true)
      const put = await request(signedRequest, {
        method: 'PUT',
        headers: { 'content-type': 'application/zip' },
        body: Buffer.alloc(3 * 1024 * 1024, 1),
      })
      expect(put.status).toBe(200)
    }, 30_000) // a signing-in and uploading process and 3 MB: 11.7 s measured here beside the suite at a load of 30

    it("answers a preview file from its cache without reaching the app, as the app's Cache-Control allows", async () => {
      const { previewFolder } = signInAndUpload()
      const file = `${previewFolder}ad.js`
      const first = await request(`${origin}${file}`)
      expect(first.status).toBe(200)
      expect(first.body).toBe('ad()')
      expect(first.headers['cache-control']).toMatch(/public/)
      expect(first.headers['x-cache-status']).toBe('MISS')
      for (let i = 0; i < 3; i++) {
        const again = await request(`${origin}${file}`)
        expect(again.body).toBe('ad()')
        expect(again.headers['x-cache-status']).toBe('HIT')
        // The app's own headers come from the cache with the bytes: the sandbox stays.
        expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy'])
      }
      expect(reachedApp(file)).toBe(1)
    }, 30_000) // shares the signing-in process above when run alone: 11.7 s measured there

    it('never answers from its cache, nor keeps, an answer to a request with credentials or one that sets a cookie', async () => {
      const { token, previewFolder } = signInAndUpload()
      // A preview file asked with a bearer token goes to the app every time...
      const entry = `${previewFolder}index.html`
      const before = reachedApp(entry)
      for (let i = 0; i < 2; i++) {
        const answer = await request(`${origin}${entry}?raw=1`, {
          headers: { authorization: `Bearer ${token}` },
        })
        expect(answer.status).toBe(200)
        expect(answer.headers['x-cache-status']).toBe('BYPASS')
      }
      expect(reachedApp(entry) - before).toBe(2)
      // ... and its answer was not kept for a request without one.
      expect((await request(`${origin}${entry}?raw=1`)).headers['x-cache-status']).toBe('MISS')
      // The API's JSON and the sign-in's pages (which set cookies) always come from the app.
      const list = '/ads-preview/api/packages'
      const authorize = '/ads-preview/oidc/auth'
      const [listBefore, authorizeBefore] = [reachedApp(list), reachedApp(authorize)]
      for (let i = 0; i < 2; i++) {
        const answer = await request(`${origin}${list}`, { headers: { authorization: `Bearer ${token}` } })
        expect(answer.status).toBe(200)
        expect(answer.headers['x-cache-status']).toBeUndefined()
        const page = await request(authorizeUrl(`${origin}/ads-preview`, { response_type: 'token id_token' }))
        expect(page.headers['set-cookie']).toBeDefined()
        expect(page.headers['x-cache-status']).toBeUndefined()
      }
      expect(reachedApp(list) - listBefore).toBe(2)
      // The provider writes its answer itself, so its record may follow the answer by a moment.
      await expect.poll(() => reachedApp(authorize) - authorizeBefore).toBe(2)
    }, 30_000) // shares the signing-in process above when run alone: 11.7 s measured there
  },
)
