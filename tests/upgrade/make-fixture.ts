// Writes a data folder with a release's schema and what people keep in it, for the upgrade test:
// users with known passwords, packages (a keep-both version 2, a replaced one, a deleted one,
// one inside a wrapper folder with an image), rendered thumbnails and the identity keys, all
// made through the running product (its users command, its sign-in, its upload API).
//
//   node_modules/.bin/node --import tsx tests/upgrade/make-fixture.ts tests/fixtures/upgrade/<release>
//
// Run it once per release whose schema the next one changes, on that release's code, and
// commit the folder: a fixture made later would carry the later schema and test nothing.
import { execFileSync, spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import type { PackageList } from '../../shared/api.ts'
import { validPackage, zipOf } from '../fixtures/packages.ts'
import { implicitAccessToken } from '../helpers/oidc-http.ts'
import { startProductProcess } from '../helpers/product-process.ts'
import { keptFields, type UpgradeManifest } from './manifest.ts'

const ROOT = path.resolve(import.meta.dirname, '../..')
const target = process.argv[2]
if (!target) throw new Error('usage: make-fixture.ts <fixture folder>')
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-fixture-'))
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

const USERS = [
  { email: 'admin@example.com', password: 'admin-password-1' },
  { email: 'designer@example.com', password: 'designer-password-2' },
]
// The users command, as an operator runs it, before the first start.
const users = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'server/commands/users/users-cli.ts', 'add', USERS[1]!.email, USERS[1]!.password],
  { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
)
if (users.status !== 0) throw new Error(`users add failed: ${users.stderr}`)

const product = await startProductProcess({
  env: { DATA_DIR: dataDir, ADMIN_EMAIL: USERS[0]!.email, ADMIN_PASSWORD: USERS[0]!.password },
})
// A failure below must not leave the server running.
process.on('exit', () => product.child.kill('SIGKILL'))
const tokens = await Promise.all(
  USERS.map((user) => implicitAccessToken(product.base, user.email, user.password)),
)

async function api(token: string, pathname: string, init: RequestInit = {}) {
  const response = await fetch(`${product.base}${pathname}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  })
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`)
  return response.json() as Promise<Record<string, unknown>>
}

async function upload(
  token: string,
  filename: string,
  zip: Uint8Array,
  policy: 'none' | 'keep' | 'overwrite',
) {
  const query = new URLSearchParams({ filename, contentType: 'application/zip', policy })
  const { signedRequest, uuid } = (await api(token, `/api/upload/get-package-upload-url?${query}`)) as {
    signedRequest: string
    uuid: string
  }
  const put = await fetch(signedRequest, {
    method: 'PUT',
    body: zip as Uint8Array<ArrayBuffer>,
    headers: { 'content-type': 'application/zip' },
  })
  if (put.status !== 200) throw new Error(`PUT ${filename}: ${put.status}`)
  await api(token, `/api/upload/validate-package-upload/${uuid}`, {
    method: 'POST',
    body: '{"requireMraid":true}',
  })
  await api(token, `/api/packages/${uuid}`, { method: 'POST' })
  return uuid
}

/** An ad of a given size whose script marks the build, so each upload's bytes differ. */
function sizedAd(width: number, height: number, marker: string) {
  return zipOf({
    'index.html': `<!doctype html><html><head><meta charset="utf-8"><meta name="ad.size" content="width=${width},height=${height}"><script src="mraid.js"></script></head><body style="margin:0"><div style="width:${width}px;height:${height}px;background:#e63;color:#fff;font:24px sans-serif">${marker}</div></body></html>`,
  })
}
// A 1x1 PNG: the wrapped package's image, for the largest-image fallback.
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

const [admin, designer] = tokens as [string, string]
await upload(admin, 'banner.zip', validPackage('banner v1'), 'none')
await upload(designer, 'banner.zip', validPackage('banner v2'), 'keep')
await upload(designer, 'leaderboard.zip', sizedAd(728, 90, 'leaderboard v1'), 'none')
await upload(designer, 'leaderboard.zip', sizedAd(728, 90, 'leaderboard v2 (replaced v1)'), 'overwrite')
await upload(
  admin,
  'wrapped.zip',
  zipOf({
    'creative/index.html':
      '<!doctype html><html><head><meta name="ad.size" content="width=320,height=50"><script src="mraid.js"></script></head><body><img src="bg.png" width="320" height="50"></body></html>',
    'creative/bg.png': PIXEL,
  }),
  'none',
)
const deleted = await upload(admin, 'deleted.zip', sizedAd(300, 250, 'deleted'), 'none')
await fetch(`${product.base}/api/packages/${deleted}`, {
  method: 'DELETE',
  headers: { authorization: `Bearer ${admin}` },
})

// Thumbnails render in the background: wait until every package has one.
const database = new Database(path.join(dataDir, 'ads-preview.db'), { readonly: true })
for (let waited = 0; ; waited += 200) {
  const missing = database
    .prepare('SELECT count(*) AS n FROM packages WHERE thumbnail_key IS NULL')
    .get() as {
    n: number
  }
  if (missing.n === 0) break
  if (waited > 60_000) throw new Error('thumbnails were not rendered (is Chromium installed?)')
  await new Promise((resolve) => setTimeout(resolve, 200))
}
const migrations = (database.prepare('SELECT hash FROM __drizzle_migrations').all() as { hash: string }[])
  .length
database.close()

const { packages: listed } = (await api(admin, '/api/packages')) as unknown as PackageList
const fetchBytes = async (url: string) => new Uint8Array(await (await fetch(url)).arrayBuffer())
const manifest: UpgradeManifest = {
  release: JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).version,
  commit: execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim(),
  migrations,
  users: USERS,
  signingKeyIds: (
    JSON.parse(fs.readFileSync(path.join(dataDir, 'keys', 'oidc-signing-keys.json'), 'utf8')) as {
      keys: { kid: string }[]
    }
  ).keys.map((key) => key.kid),
  deleted: [deleted],
  packages: [],
}
for (const row of listed) {
  manifest.packages.push({
    listed: keptFields(row),
    previewPath: new URL(row.index_url).pathname,
    previewSha256: sha256(await fetchBytes(row.index_url)),
    thumbnailSha256: sha256(await fetchBytes(row.preview_url.thumbnail)),
  })
  if (sha256(await fetchBytes(row.package_url)) !== row.sha256)
    throw new Error(`${row.filename}: sha256 differs`)
}
const code = await product.stop('SIGTERM')
if (code !== 0) throw new Error(`the product stopped with ${code}:\n${product.output()}`)

fs.rmSync(target, { recursive: true, force: true })
fs.mkdirSync(target, { recursive: true })
fs.cpSync(dataDir, path.join(target, 'data-folder'), { recursive: true })
fs.writeFileSync(path.join(target, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`)
fs.rmSync(dataDir, { recursive: true, force: true })
console.log(`Wrote ${target}: ${manifest.users.length} users, ${manifest.packages.length} packages`)
