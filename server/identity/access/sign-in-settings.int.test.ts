// Each sign-in setting of docs/configuration.md, set on a real server and seen to take effect:
// what the browser is told, which tokens the API takes, which callback the embedded provider
// accepts, where AUTH_DOMAIN looks for its provider. AUTH_FLOW, AUTH_ORGANIZATION,
// AUTH_ALLOWED_EMAIL_DOMAINS and AUTH_REQUIRED_CLAIM have their own tests (provider.int.test.ts,
// external-provider.int.test.ts, tests/e2e/intranet-sign-in.spec.ts).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ExternalIssuer, startExternalIssuer } from '../../../tests/helpers/external-issuer.ts'
import { CookieClient } from '../../../tests/helpers/oidc-http.ts'
import { freePort } from '../../../tests/helpers/product-process.ts'
import { parseConfig } from '../../parse-config.ts'
import { type Product, startProduct } from '../../start.ts'

let issuer: ExternalIssuer
const started: Product[] = []
const dirs: string[] = []

async function start(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-settings-'))
  dirs.push(dataDir)
  const product = await startProduct(
    parseConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      CLIENT_DIR: path.join(dataDir, 'none'),
      LOG_REQUESTS: '0',
      ...env,
    }),
  )
  started.push(product)
  return (await product.listen()).url
}

beforeAll(async () => {
  issuer = await startExternalIssuer()
})
afterAll(async () => {
  for (const product of started) await product.close()
  await issuer?.close()
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true })
})

const now = () => Math.floor(Date.now() / 1000)
const list = (url: string, token: string) =>
  fetch(`${url}api/packages`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status)

describe('an external provider configured by AUTH_ISSUER and its companions', () => {
  const settings = {
    AUTH_CLIENT_ID: 'spa-client-7',
    AUTH_AUDIENCE: 'https://api.ads.example/',
    AUTH_REDIRECT_URL: 'https://ads.example/ads-preview/validate-token',
    AUTH_LOGOUT_URL: 'https://ads.example/goodbye',
    AUTH_LEEWAY: '0',
    PRODUCT_NAME: 'Acme',
  }

  it('tells the browser exactly these settings and the endpoints from the discovery document', async () => {
    const url = await start(issuer.env(settings))
    const { productName, auth } = (await (await fetch(`${url}client-config.json`)).json()) as {
      productName: string
      auth: Record<string, unknown>
    }
    expect(productName).toBe('Acme')
    expect(auth).toMatchObject({
      issuer: issuer.issuer,
      clientId: 'spa-client-7',
      audience: 'https://api.ads.example/',
      redirectUrl: 'https://ads.example/ads-preview/validate-token',
      logoutUrl: 'https://ads.example/goodbye',
      leewaySeconds: 0,
      authorizationEndpoint: `${issuer.issuer}authorize`,
      endSessionEndpoint: `${issuer.issuer}logout`,
    })
  })

  it('AUTH_AUDIENCE: the API takes tokens for it and refuses tokens for the default audience', async () => {
    const url = await start(issuer.env(settings))
    expect(await list(url, await issuer.accessToken({ sub: 'a', aud: 'https://api.ads.example/' }))).toBe(200)
    expect(await list(url, await issuer.accessToken({ sub: 'a', aud: `${url}api` }))).toBe(401)
  })

  it('AUTH_LEEWAY: 0 refuses a token expired 5 s ago, the default 60 s takes it', async () => {
    const strict = await start(issuer.env(settings))
    const lenient = await start(issuer.env({ ...settings, AUTH_LEEWAY: '' }))
    const expired = await issuer.accessToken({ sub: 'a', aud: 'https://api.ads.example/', exp: now() - 5 })
    expect(await list(strict, expired)).toBe(401)
    expect(await list(lenient, expired)).toBe(200)
  })

  it('AUTH_DOMAIN: the provider is looked for at https://<domain>/', async () => {
    const port = await freePort()
    const failure = await startProduct(
      parseConfig({ PORT: '0', DATA_DIR: dirs[0]!, AUTH_DOMAIN: `127.0.0.1:${port}`, AUTH_CLIENT_ID: 'x' }),
    ).then(
      (product) => product.close().then(() => ''),
      (error: Error) => error.message,
    )
    expect(failure).toContain(`https://127.0.0.1:${port}/.well-known/openid-configuration`)
  })
})

describe('the embedded provider with AUTH_REDIRECT_URL and AUTH_LOGOUT_URL', () => {
  it('registers only those: the default callback is refused, the configured one shows the login form', async () => {
    const url = await start({
      AUTH_REDIRECT_URL: 'http://localhost:9/ads-preview/custom-callback',
      AUTH_LOGOUT_URL: 'http://localhost:9/ads-preview/bye',
    })
    const base = url.replace(/\/$/, '')
    const authorize = (redirect: string) =>
      `${base}/oidc/auth?${new URLSearchParams({
        client_id: 'ads-preview',
        response_type: 'token id_token',
        redirect_uri: redirect,
        scope: 'openid profile email',
        state: 's'.repeat(32),
        nonce: 'n'.repeat(32),
      })}`
    const browser = new CookieClient(new URL(url).origin)
    const refused = await browser.request(authorize(`${base}/validate-token`))
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('redirect_uri did not match any of the client')
    const accepted = await browser.request(authorize('http://localhost:9/ads-preview/custom-callback'))
    expect(accepted.headers.get('location')).toContain('/oidc/interaction/')
    const config = (await (await fetch(`${url}client-config.json`)).json()) as {
      auth: Record<string, unknown>
    }
    expect(config.auth).toMatchObject({
      redirectUrl: 'http://localhost:9/ads-preview/custom-callback',
      logoutUrl: 'http://localhost:9/ads-preview/bye',
    })
  })
})
