// The single executable (built and named by scripts/test-binary.mjs) keeps the start contract
// (tests/ops/start-contract.ts), starts from an empty folder with nothing but itself, and writes
// nothing outside DATA_DIR, not even after SIGKILL with its thumbnail browser running, whose
// network namespace and memory limit hold as they do under npm start.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { RENDERER_MEMORY_MB } from '../../server/platform/renderer/renderer-memory.ts'
import { validPackage } from '../fixtures/packages.ts'
import { implicitAccessToken } from '../helpers/oidc-http.ts'
import { runToExit, startProductProcess } from '../helpers/product-process.ts'
import { describeStartContract, openToOthers } from '../ops/start-contract.ts'

const BINARY = process.env.TEST_BINARY!
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-binary-checks-'))
afterAll(() => fs.rmSync(root, { recursive: true, force: true }))

describeStartContract({ name: 'the binary', command: [BINARY], cwd: root })

/** A folder holding only a copy of the binary, and a home and a temp folder of its own. */
function emptyPlace(name: string) {
  const [folder, home, temp] = ['app', 'home', 'tmp'].map((part) => path.join(root, name, part))
  for (const dir of [folder!, home!, temp!]) fs.mkdirSync(dir, { recursive: true })
  fs.copyFileSync(BINARY, path.join(folder!, 'ads-preview'))
  fs.chmodSync(path.join(folder!, 'ads-preview'), 0o755)
  return { folder: folder!, home: home!, temp: temp!, env: { HOME: home!, TMPDIR: temp! } }
}

it('starts from an empty folder to a healthy /health (first start unpacks, the second does not)', async () => {
  const place = emptyPlace('timing')
  const command = [path.join(place.folder, 'ads-preview')]
  for (const start of ['first', 'second']) {
    const started = performance.now()
    const product = await startProductProcess({ command, cwd: place.folder, env: place.env })
    const ms = performance.now() - started
    console.log(`binary ${start} start to a healthy /health: ${ms.toFixed(0)} ms`)
    expect(ms).toBeLessThan(30_000)
    expect(await product.stop('SIGTERM')).toBe(0)
  }
}, 90_000) // two starts of at most 30 s each, as asserted above

it('answers `move` (the move into PostgreSQL and S3) itself, naming what it needs', async () => {
  const place = emptyPlace('move')
  const { code, output } = await runToExit([path.join(place.folder, 'ads-preview'), 'move'], {
    cwd: place.folder,
    env: place.env,
  })
  expect(code, output).toBe(2)
  expect(output).toContain('The move needs its target: set DATABASE_URL (PostgreSQL) and S3_BUCKET')
})

it('writes nothing outside DATA_DIR, even when killed with SIGKILL while its browser runs', async () => {
  const place = emptyPlace('sigkill')
  const env = { ...place.env, ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'ops-password-1' }
  const command = [path.join(place.folder, 'ads-preview')]
  const product = await startProductProcess({ command, cwd: place.folder, env })
  const token = await implicitAccessToken(product.base, env.ADMIN_EMAIL, env.ADMIN_PASSWORD)
  const api = (pathname: string, init: RequestInit = {}) =>
    fetch(`${product.base}${pathname}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    })
  const query = new URLSearchParams({ filename: 'kill.zip', contentType: 'application/zip' })
  const { signedRequest, uuid } = (await (
    await api(`/api/upload/get-package-upload-url?${query}`)
  ).json()) as {
    signedRequest: string
    uuid: string
  }
  await fetch(signedRequest, {
    method: 'PUT',
    body: validPackage('kill') as Uint8Array<ArrayBuffer>,
    headers: { 'content-type': 'application/zip' },
  })
  await api(`/api/upload/validate-package-upload/${uuid}`, { method: 'POST', body: '{"requireMraid":true}' })
  await api(`/api/packages/${uuid}`, { method: 'POST' })
  // The thumbnail is rendered: the browser is up (it stays a minute after its last render).
  await expect
    .poll(async () => (await fetch(`${product.base}/files/thumbnails/${uuid}`)).headers.get('content-type'), {
      timeout: 20_000,
    })
    .toBe('image/png')
  const dataDir = path.join(place.folder, 'data')
  // The renderer's bounds hold in the binary too: its browser has a network namespace of its
  // own, and the zygotes every renderer is forked from carry the renderer's memory limit.
  const browser = processes().find(({ cmdline }) => cmdline.includes(dataDir) && !cmdline.includes('--type='))
  const network = fs.readlinkSync(`/proc/${browser?.pid}/ns/net`)
  expect(network).not.toBe(fs.readlinkSync('/proc/self/ns/net'))
  const zygotes = processes().filter(
    ({ pid, cmdline }) =>
      cmdline.includes('--type=zygote') && fs.readlinkSync(`/proc/${pid}/ns/net`) === network,
  )
  expect(zygotes.length).toBeGreaterThan(0)
  const bytes = String(RENDERER_MEMORY_MB * 1024 * 1024)
  for (const { pid } of zygotes)
    expect(
      /Max data size\s+(\d+)\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/limits`, 'utf8'))?.slice(1),
    ).toEqual([bytes, bytes])
  await product.stop('SIGKILL')
  // Chromium notices its controller is gone and exits; nothing it wrote may be outside DATA_DIR.
  await expect.poll(() => browsersUsing(dataDir), { timeout: 10_000 }).toEqual([])
  expect(fs.readdirSync(place.folder).sort()).toEqual(['ads-preview', 'data'])
  expect(fs.readdirSync(place.home)).toEqual([])
  expect(fs.readdirSync(place.temp)).toEqual([])
  expect(openToOthers(dataDir)).toEqual([])
  // What the kill left in DATA_DIR/.tmp goes with the next start.
  expect(fs.readdirSync(path.join(dataDir, '.tmp')).length).toBeGreaterThan(1)
  const again = await startProductProcess({ command, cwd: place.folder, env })
  expect(fs.readdirSync(path.join(dataDir, '.tmp'))).toEqual(['home'])
  await again.stop('SIGTERM')
}, 90_000) // two starts, a render in Chromium, its exit after SIGKILL

/** Every process and its command line (gone ones left out). */
function processes(): { pid: string; cmdline: string }[] {
  return fs
    .readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .flatMap((pid) => {
      try {
        return [{ pid, cmdline: fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ') }]
      } catch {
        return []
      }
    })
}

/** Processes whose command line names the folder (the browser's profile lives in it). */
function browsersUsing(dir: string): string[] {
  return processes()
    .map(({ cmdline }) => cmdline)
    .filter((cmdline) => cmdline.includes(dir))
}
