// The real product, built by the same start-up function as `npm start`, on a temp data folder,
// with a test issuer's keys in place of a discovered provider. It does not listen: tests call
// `t.app.request()`, or `t.listen()` when they need a real socket. The database is SQLite, or
// PostgreSQL in vitest's `postgres` project (test-database.ts), migrated once for the run; the
// MRAID host and the inspecting process are bundled once for the run too
// (tests/setup/built-once-setup.ts).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseConfig } from '../../server/parse-config.ts'
import { startProduct } from '../../server/start.ts'
import { builtRuntime } from '../setup/built-once.ts'
import { productDatabaseEnv } from './test-database.ts'
import { createTestIssuer, TEST_AUDIENCE, TEST_ISSUER } from './test-issuer.ts'

export const PUBLIC_URL = 'http://localhost:3999'

export async function createTestApp(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-test-'))
  const config = parseConfig({
    PUBLIC_URL,
    DATA_DIR: dataDir,
    AUTH_ISSUER: TEST_ISSUER,
    AUTH_CLIENT_ID: 'test-client',
    AUTH_AUDIENCE: TEST_AUDIENCE,
    LOG_REQUESTS: '0',
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    CHROMIUM_PATH: '/nonexistent',
    ...productDatabaseEnv(dataDir),
    ...env,
  })
  const issuer = await createTestIssuer()
  const product = await startProduct(config, {
    externalIssuer: async () => ({
      metadata: {
        issuer: TEST_ISSUER,
        authorizationEndpoint: `${TEST_ISSUER}authorize`,
        jwksUri: `${TEST_ISSUER}jwks`,
      },
      keys: issuer.keys,
    }),
    runtime: await builtRuntime(),
  })
  const token = await issuer.sign()
  const auth = { Authorization: `Bearer ${token}` }

  let closed: Promise<void> | undefined
  /** Stops the product (once), keeping its data folder: a test can open its database afterwards. */
  const close = () => {
    closed ??= product.close()
    return closed
  }

  /** Same-origin path of an absolute URL we handed out (app.request takes paths). */
  const pathOf = (url: string) => url.replace(PUBLIC_URL, '')

  return {
    app: product.app,
    services: product.services,
    db: product.services.db,
    config,
    dataDir,
    issuer,
    auth,
    pathOf,
    /** Listens on `port` (default: one the OS picks); answers the loopback origin. */
    async listen(port = 0): Promise<string> {
      const { port: listening } = await product.listen(port)
      return `http://127.0.0.1:${listening}`
    },
    blobFiles: (folder = 'packages') =>
      fs.readdirSync(path.join(dataDir, 'blobs', folder), { withFileTypes: true }).map((d) => d.name),
    close,
    async cleanup(): Promise<void> {
      await close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** The upload flow through REST: URL, PUT, validate, create (or up to validate). */
export async function uploadPackage(
  t: TestApp,
  filename: string,
  zip: Uint8Array,
  policy = 'none',
  until: 'validate' | 'create' = 'create',
) {
  const query = new URLSearchParams({ filename, contentType: 'application/zip', policy })
  const urlResponse = await t.app.request(`/ads-preview/api/upload/get-package-upload-url?${query}`, {
    headers: t.auth,
  })
  if (urlResponse.status !== 200) return { step: 'url' as const, response: urlResponse }
  const { signedRequest, uuid } = (await urlResponse.json()) as { signedRequest: string; uuid: string }
  // The local store's URL is the app's own; an S3 bucket's is another server.
  const put = await (signedRequest.startsWith(PUBLIC_URL) ? t.app.request : fetch)(t.pathOf(signedRequest), {
    method: 'PUT',
    body: zip as Uint8Array<ArrayBuffer>,
    headers: { 'Content-Type': 'application/zip', 'Content-Length': String(zip.byteLength) },
  })
  if (put.status !== 200) return { step: 'put' as const, response: put, uuid }
  const validate = await t.app.request(`/ads-preview/api/upload/validate-package-upload/${uuid}`, {
    method: 'POST',
    headers: { ...t.auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ requireMraid: true }),
  })
  if (validate.status !== 200 || until === 'validate')
    return { step: 'validate' as const, response: validate, uuid }
  const create = await t.app.request(`/ads-preview/api/packages/${uuid}`, { method: 'POST', headers: t.auth })
  return { step: 'create' as const, response: create, uuid }
}
