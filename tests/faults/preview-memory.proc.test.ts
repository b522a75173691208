// Memory exhaustion through previews (the security review's finding), against the real server in
// its own process: the security review's 5 MB zip holding a 480 MB entry is refused, and clients
// fetching a large entry all at once cost the server buffers, not the entry's size each.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { largeEntryZip } from '../fixtures/large-entry-zip.ts'
import { uploadOverHttp } from '../helpers/http-upload.ts'
import { implicitAccessToken } from '../helpers/oidc-http.ts'
import { resetPeak, residentMemory } from '../helpers/process-memory.ts'
import { type ProductProcess, startProductProcess } from '../helpers/product-process.ts'

const EMAIL = 'qa@example.com'
const PASSWORD = 'correct-horse-battery'
const MiB = 1024 * 1024
const INDEX = { 'index.html': '<script src="mraid.js"></script><video src="video.bin"></video>' }
let dataDir: string
let server: ProductProcess
let token: string

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-memory-'))
  server = await startProductProcess({
    env: { DATA_DIR: dataDir, ADMIN_EMAIL: EMAIL, ADMIN_PASSWORD: PASSWORD, CHROMIUM_PATH: '/nonexistent' },
  })
  token = await implicitAccessToken(server.base, EMAIL, PASSWORD)
}, 60_000) // a start of the source server took 20 s and more beside the suite at a load of 30

afterAll(async () => {
  await server?.stop('SIGKILL')
  fs.rmSync(dataDir, { recursive: true, force: true })
})

it('refuses the 5 MB zip holding a 480 MB entry at validation, saying why', async () => {
  const zip = largeEntryZip({ mebibytes: 458, ratio: 91, files: INDEX })
  expect(zip.size).toBeLessThan(5.5 * 1000 * 1000)
  const result = await uploadOverHttp(server.base, token, 'bomb.zip', zip.parts)
  expect(result.step).toBe('validate')
  expect(result.status).toBe(422)
  expect(result.body.details?.join('\n')).toMatch(/video\.bin expands 9\d times .*zip bomb/)
}, 15_000) // 2.7 s measured here beside the suite at a load of 30

it('8 clients fetching a 64 MB deflated entry at once: the server grows by buffers, not by the entry', async () => {
  const zip = largeEntryZip({ mebibytes: 64, ratio: 10, files: INDEX })
  const created = await uploadOverHttp(server.base, token, 'large.zip', zip.parts)
  expect(created.status).toBe(201)
  const entryUrl = created.body.package!.index_url.replace('index.html', 'video.bin')
  const pid = server.child.pid!
  resetPeak(pid)
  const before = residentMemory(pid).now
  const healthTimes: number[] = []
  let fetching = true
  const health = (async () => {
    while (fetching) {
      const started = performance.now()
      await (await fetch(`${server.base}/health`)).text()
      healthTimes.push(performance.now() - started)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  const sizes = await Promise.all(
    Array.from({ length: 8 }, async () => {
      const response = await fetch(entryUrl)
      expect(response.status).toBe(200)
      let received = 0
      for await (const chunk of response.body!) received += chunk.length
      return received
    }),
  )
  fetching = false
  await health
  expect(sizes).toEqual(Array(8).fill(64 * MiB))
  const growth = (residentMemory(pid).peak - before) / MiB
  console.log(
    `8 x 64 MiB entry: server peak memory grew ${growth.toFixed(1)} MiB; /health max ${Math.max(...healthTimes).toFixed(0)} ms over ${healthTimes.length} calls`,
  )
  // Held whole, each answer would cost its 64 MiB (512 MiB for eight).
  expect(growth).toBeLessThan(64)
}, 60_000) // 23 s measured here beside the suite at a load of 30
