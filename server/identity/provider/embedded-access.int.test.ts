// The embedded provider as the access review and the security review found it: a real
// server on a port the OS chose, its discovery built from PUBLIC_URL whatever the request says,
// the documented ADMIN_EMAIL default accepted when set, and a removed member shut out at once.
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type EmbeddedProduct, startEmbeddedProduct } from '../../../tests/helpers/embedded-product.ts'
import { authorizeUrl, CookieClient, implicitLogin } from '../../../tests/helpers/oidc-http.ts'
import { parseConfig } from '../../parse-config.ts'
import { openDatabase } from '../../platform/db/open-database.ts'
import { ACCESS_DENIED } from '../access/access-policy.ts'
import { addUser, removeUser } from './users.ts'

const ADMIN = { email: 'admin@localhost', password: 'correct-horse-battery' }
let server: EmbeddedProduct
let base: string

beforeAll(async () => {
  server = await startEmbeddedProduct('embedded', ADMIN)
  base = server.base
})
afterAll(async () => {
  await server?.close()
})

/** A GET with headers fetch would not send as given (Host). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let body = ''
        response.on('data', (chunk) => {
          body += chunk
        })
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      })
      .on('error', reject)
  })
}

describe('the embedded provider', () => {
  it('PORT=0: the OS chooses the port, and every link carries the port really listened on', async () => {
    expect(server.port).toBeGreaterThan(0)
    expect(server.url).toBe(`http://localhost:${server.port}/ads-preview/`)
    const clientConfig = (await (await fetch(`${base}/client-config.json`)).json()) as {
      auth: Record<string, string>
    }
    expect(clientConfig.auth.issuer).toBe(`${base}/oidc`)
    expect(clientConfig.auth.redirectUrl).toBe(`${base}/validate-token`)
    const { accessToken } = await implicitLogin(base, ADMIN.email, ADMIN.password)
    const query = new URLSearchParams({ filename: 'p.zip', contentType: 'application/zip', policy: 'keep' })
    const upload = (await (
      await fetch(`${base}/api/upload/get-package-upload-url?${query}`, {
        headers: { authorization: `Bearer ${accessToken}` },
      })
    ).json()) as { signedRequest: string; url: string }
    expect(upload.signedRequest.startsWith(`${base}/files/upload?`)).toBe(true)
    expect(upload.url.startsWith(`${base}/files/packages/`)).toBe(true)
  })

  it('signs in the documented default ADMIN_EMAIL=admin@localhost when it is set explicitly', async () => {
    const { accessToken } = await implicitLogin(base, ADMIN.email, ADMIN.password)
    const list = await fetch(`${base}/api/packages`, { headers: { authorization: `Bearer ${accessToken}` } })
    expect(list.status).toBe(200)
  })

  it('builds its discovery document from PUBLIC_URL, whatever Host or X-Forwarded-* the request names', async () => {
    const variants: Record<string, string>[] = [
      { host: 'evil.example' },
      { host: `localhost:${server.port}`, 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      { host: `localhost:${server.port}`, forwarded: 'host=evil.example;proto=https' },
    ]
    for (const headers of variants) {
      const { status, body } = await rawGet(`${base}/oidc/.well-known/openid-configuration`, headers)
      expect(status).toBe(200)
      const discovery = JSON.parse(body) as Record<string, unknown>
      const urls = Object.values(discovery).filter((value): value is string => typeof value === 'string')
      const absolute = urls.filter((value) => /^https?:\/\//.test(value))
      expect(absolute.length).toBeGreaterThan(5)
      for (const url of absolute) expect(url.startsWith(`${base}/oidc`)).toBe(true)
      expect(body).not.toContain('evil.example')
    }
  })

  it('shuts a removed member out at once: the API refuses their token and their session is gone', async () => {
    // Another connection to the database, as the users command in another process has.
    const other = await openDatabase(parseConfig({ DATA_DIR: server.dataDir, ...server.databaseEnv }))
    try {
      await addUser(other, 'leaver@example.com', 'leaver-password-1')
      const client = new CookieClient(new URL(base).origin)
      const form = await client.loginForm(authorizeUrl(base, { response_type: 'token id_token' }))
      const afterLogin = await client.submitLogin(form, 'leaver@example.com', 'leaver-password-1')
      const callback = await client.request(afterLogin.headers.get('location')!)
      const token = new URLSearchParams(new URL(callback.headers.get('location')!).hash.slice(1)).get(
        'access_token',
      )
      const silentAuthorize = authorizeUrl(base, { response_type: 'token id_token', prompt: 'none' })
      expect(new URL((await client.request(silentAuthorize)).headers.get('location')!).hash).toContain(
        'access_token=',
      )

      await removeUser(other, 'leaver@example.com')

      const refused = await fetch(`${base}/api/packages`, { headers: { authorization: `Bearer ${token}` } })
      expect(refused.status).toBe(403)
      expect(await refused.json()).toEqual({ message: ACCESS_DENIED.removed, accessDenied: true })
      const trpc = await fetch(`${base}/trpc/packages.list`, {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(trpc.status).toBe(403)
      // The provider's session went with the account: no silent renewal.
      const silent = new URL((await client.request(silentAuthorize)).headers.get('location')!)
      expect(new URLSearchParams(silent.hash.slice(1)).get('error')).toBe('login_required')
    } finally {
      await other.close()
    }
  })
})
