// A product of a test's own, for what the shared end-to-end server cannot show: an empty list,
// thousands of packages, a restart. It runs the client this run's end-to-end server built, from
// a fresh data folder, through the command-line entry as people start it.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { E2E_PORT } from '../e2e/env.ts'
import { implicitLogin } from './oidc-http.ts'
import { type ProductProcess, startProductProcess } from './product-process.ts'

const EMAIL = 'own@example.com'
const PASSWORD = 'own-product-password-1'

export interface OwnProduct {
  product: ProductProcess
  dataDir: string
  /** Stores a signed-in session for `page`, as the app does after its login. */
  signIn(page: Page): Promise<void>
  /** Stops it (and keeps the data folder for a restart). */
  stop(): Promise<void>
  /** Starts it again on the same data folder. */
  restart(): Promise<void>
  /** Stops it and removes the data folder. */
  remove(): Promise<void>
}

export async function startOwnProduct(env: Record<string, string> = {}): Promise<OwnProduct> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-own-'))
  const start = () =>
    startProductProcess({
      env: {
        DATA_DIR: dataDir,
        CLIENT_DIR: path.resolve(`.tmp/e2e-${E2E_PORT}/client`),
        ADMIN_EMAIL: EMAIL,
        ADMIN_PASSWORD: PASSWORD,
        CHROMIUM_PATH: '/nonexistent',
        ...env,
      },
    })
  let product = await start()
  const own: OwnProduct = {
    get product() {
      return product
    },
    dataDir,
    async signIn(page) {
      const tokens = await implicitLogin(product.base, EMAIL, PASSWORD)
      await page.goto(`${product.base}/health`)
      await page.evaluate((t) => {
        localStorage.setItem('access_token', t.accessToken)
        localStorage.setItem('id_token', t.idToken)
        localStorage.setItem('expires_at', String(Date.now() + t.expiresIn * 1000))
      }, tokens)
    },
    async stop() {
      await product.stop()
    },
    async restart() {
      await product.stop()
      product = await start()
    },
    async remove() {
      await product.stop()
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
  return own
}
