// A product in this test process with its embedded provider, for the tests that sign in through
// the provider's own pages: a fresh data folder on the test database (test-database.ts), a port
// the OS chose, the first administrator from ADMIN_EMAIL / ADMIN_PASSWORD.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parseConfig } from '../../server/parse-config.ts'
import { type Product, type StartOptions, startProduct } from '../../server/start.ts'
import { builtRuntime } from '../setup/built-once.ts'
import { productDatabaseEnv } from './test-database.ts'

export interface EmbeddedProduct {
  product: Product
  dataDir: string
  /** What points another connection at the same database (empty on SQLite). */
  databaseEnv: Record<string, string>
  url: string
  port: number
  /** The product's URL without its trailing slash. */
  base: string
  /** Stops it and removes the data folder. */
  close(): Promise<void>
}

export async function startEmbeddedProduct(
  name: string,
  admin: { email: string; password: string },
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<EmbeddedProduct> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ads-preview-${name}-`))
  const databaseEnv = productDatabaseEnv(dataDir)
  const product = await startProduct(
    parseConfig({
      ...databaseEnv,
      PORT: '0',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      LOG_REQUESTS: '0',
      ...env,
    }),
    { runtime: await builtRuntime(), ...options },
  )
  const { url, port } = await product.listen()
  return {
    product,
    dataDir,
    databaseEnv,
    url,
    port,
    base: url.replace(/\/$/, ''),
    async close() {
      await product.close()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
