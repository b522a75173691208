// In Chromium against the real server: the time from navigation to the first rows of a list of
// 10,000 packages (its first page), against a static page with the same 50-row table; and a 5 MB
// package from drop to listed, against the browser sending the same 5 MB to a bare server.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { zipSync } from 'fflate'
import { chromium } from 'playwright-core'
import { parseConfig } from '../server/config/parse-config.ts'
import { CHROMIUM_ARGS, findChromium } from '../server/renderer/chromium.ts'
import { startProduct } from '../server/start.ts'
import { DEFAULT_PAGE_SIZE } from '../shared/package-query.ts'
import { implicitLogin } from '../tests/helpers/oidc-http.ts'
import { seedPackages } from '../tests/helpers/seed-packages.ts'
import { type Figure, median } from './measure.ts'

const EMAIL = 'bench@example.com'
const PASSWORD = 'bench-password-1'
const PACKAGES = 10_000

export async function benchBrowser(): Promise<Figure[]> {
  const executablePath = findChromium(process.env.CHROMIUM_PATH)
  if (!executablePath || !fs.existsSync('dist/client/index.html')) {
    console.log('browser figures skipped: they need Chromium and `npm run build`')
    return []
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-browser-'))
  const port = 23_000 + (process.pid % 10_000)
  const config = parseConfig({
    PORT: String(port),
    DATA_DIR: dataDir,
    ADMIN_EMAIL: EMAIL,
    ADMIN_PASSWORD: PASSWORD,
    LOG_REQUESTS: '0',
    CHROMIUM_PATH: '/nonexistent',
  })
  const server = await startProduct(config)
  // Written before the product listens (and its jobs start): a synchronous writer in this
  // process would otherwise wait on the product's own open transaction forever.
  seedPackages(dataDir, PACKAGES)
  await server.listen()
  const base = `http://localhost:${port}/ads-preview`
  const rows = Array.from(
    { length: DEFAULT_PAGE_SIZE },
    (_, i) =>
      `<tr><td><img width="60" height="78" alt=""></td><td>campaign-${i}.zip</td><td>97.7 KB</td><td>22.11.2026 12:00</td><td><button>Preview</button><a href="#">Download</a><button>x</button></td></tr>`,
  )
  const staticPage = `<!doctype html><html><body><h1>Packages</h1><table><tbody>${rows.join('')}</tbody></table></body></html>`
  let bareBytes = 0
  const bare = http.createServer((req, res) => {
    if (req.method === 'PUT') {
      req.on('data', (chunk: Buffer) => {
        bareBytes += chunk.length
      })
      req.on('end', () => res.writeHead(200, { 'access-control-allow-origin': '*' }).end())
      return
    }
    if (req.method === 'OPTIONS')
      return res
        .writeHead(204, {
          'access-control-allow-origin': '*',
          'access-control-allow-methods': 'PUT',
          'access-control-allow-headers': 'content-type',
        })
        .end()
    res.setHeader('content-type', 'text/html')
    res.end(staticPage)
  })
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
  const bareOrigin = `http://127.0.0.1:${(bare.address() as { port: number }).port}`
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS })
  try {
    const tokens = await implicitLogin(base, EMAIL, PASSWORD)
    const context = await browser.newContext()
    await context.addInitScript((t) => {
      localStorage.setItem('access_token', t.accessToken)
      localStorage.setItem('id_token', t.idToken)
      localStorage.setItem('expires_at', String(Date.now() + t.expiresIn * 1000))
    }, tokens)
    const page = await context.newPage()
    const ours: number[] = []
    const baseline: number[] = []
    for (let run = 0; run < 6; run++) {
      let started = performance.now()
      await page.goto(`${base}/main`)
      await page
        .locator('tbody tr')
        .nth(DEFAULT_PAGE_SIZE - 1)
        .waitFor()
      if (run > 0) ours.push(performance.now() - started)
      started = performance.now()
      await page.goto(bareOrigin)
      await page
        .locator('tbody tr')
        .nth(DEFAULT_PAGE_SIZE - 1)
        .waitFor()
      if (run > 0) baseline.push(performance.now() - started)
    }

    const zip = zipSync({
      'index.html': new TextEncoder().encode('<script src="mraid.js"></script>'),
      'video.bin': [new Uint8Array(randomBytes(5 * 1024 * 1024)), { level: 0 }],
    })
    const dropTimes: number[] = []
    const putTimes: number[] = []
    // The bare PUT is sent from a page of the bare server: the app's Content-Security-Policy
    // lets /main connect to nothing but its own origin.
    const barePage = await context.newPage()
    await barePage.goto(bareOrigin)
    await page.goto(`${base}/main`)
    await page.locator('tbody tr').first().waitFor()
    for (let run = 0; run < 3; run++) {
      const name = `drop-${run}.zip`
      let started = performance.now()
      await page
        .locator('input[type=file]')
        .setInputFiles({ name, mimeType: 'application/zip', buffer: Buffer.from(zip) })
      await page.locator('tbody tr').first().filter({ hasText: name }).waitFor({ timeout: 60_000 })
      dropTimes.push(performance.now() - started)
      started = performance.now()
      await barePage.evaluate(
        async ({ url, size }) => {
          await fetch(url, {
            method: 'PUT',
            body: new Uint8Array(size),
            headers: { 'content-type': 'application/zip' },
          })
        },
        { url: `${bareOrigin}/upload`, size: zip.length },
      )
      putTimes.push(performance.now() - started)
    }
    if (bareBytes === 0) throw new Error('the bare upload received nothing')
    return [
      {
        name: '/main with 10,000 packages, first rows shown (Chromium)',
        value: median(ours),
        unit: 'ms',
        baseline: median(baseline),
        baselineName: `static ${DEFAULT_PAGE_SIZE}-row table`,
        lowerIsBetter: true,
      },
      {
        name: '5 MB package, drop to listed (Chromium)',
        value: median(dropTimes),
        unit: 'ms',
        baseline: median(putTimes),
        baselineName: 'the same 5 MB PUT alone',
        lowerIsBetter: true,
      },
    ]
  } finally {
    await browser.close()
    bare.close()
    await server.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
