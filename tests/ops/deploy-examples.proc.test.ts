// docs/self-hosting.md's systemd unit and nginx site, taken from the page itself (fences marked
// `file=...`): the unit passes `systemd-analyze verify` and sets only variables the product
// reads; the site passes `nginx -t` and, run by nginx on a test certificate in front of the real
// server, serves it: health, an https issuer (the forwarded headers are trusted), the request id
// passed through, and an upload larger than nginx's default body limit.
import { execFileSync, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import https from 'node:https'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configVariableNames } from '../../server/parse-config.ts'
import { nginxTest, startNginx } from '../helpers/nginx.ts'
import { freePort, type ProductProcess, startProductProcess } from '../helpers/product-process.ts'
import { has, readmeFile } from '../helpers/readme-files.ts'

const SIGN_IN = `import { implicitAccessToken } from '${path.resolve(import.meta.dirname, '../helpers/oidc-http.ts')}'
process.stdout.write(await implicitAccessToken(process.argv[1], 'ops@example.com', 'ops-password-1'))`

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
      const site = SITE.replaceAll('ads.example.com', '127.0.0.1')
        .replace('/etc/letsencrypt/live/127.0.0.1/fullchain.pem', path.join(prefix, 'cert.pem'))
        .replace('/etc/letsencrypt/live/127.0.0.1/privkey.pem', path.join(prefix, 'key.pem'))
        .replace('listen 443 ssl', `listen 127.0.0.1:${httpsPort} ssl`)
        .replace('listen 80;', `listen 127.0.0.1:${httpPort};`)
        .replace('http://127.0.0.1:3000', `http://127.0.0.1:${product.port}`)
      expect(site).not.toMatch(/ads\.example\.com|letsencrypt|:3000;/)
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

    it('takes an upload larger than nginx lets through by default (1 MB)', async () => {
      // Signed in through nginx, by a process that trusts the test certificate (fetch takes no option for that).
      const signIn = spawnSync(
        process.execPath,
        ['--import', 'tsx', '--input-type=module', '-e', SIGN_IN, `${origin}/ads-preview`],
        { encoding: 'utf8', env: { ...process.env, NODE_EXTRA_CA_CERTS: path.join(prefix, 'cert.pem') } },
      )
      expect(signIn.stderr).toBe('')
      const token = signIn.stdout.trim()
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
    }, 30_000) // a signing-in process and 3 MB: 11.7 s measured here beside the suite at a load of 30
  },
)
