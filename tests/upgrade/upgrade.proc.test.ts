// Upgrades: the product started (through its command-line entry, as people start it) on a copy
// of a data folder that an earlier release wrote migrates it and keeps everything: every user
// signs in with the password they had, every package is listed as before and previews, downloads
// and shows its thumbnail with the bytes recorded then, deleted ones stay gone, the identity keys
// stay, and the upgraded folder takes new uploads. Each release before a schema change adds its
// folder to tests/fixtures/upgrade (tests/upgrade/make-fixture.ts).
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PackageList } from '../../shared/api.ts'
import { validPackage } from '../fixtures/packages.ts'
import { implicitAccessToken } from '../helpers/oidc-http.ts'
import { type ProductProcess, startProductProcess } from '../helpers/product-process.ts'
import { keptFields, type UpgradeManifest } from './manifest.ts'

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/upgrade')
const JOURNAL = path.resolve(import.meta.dirname, '../../migrations/sqlite/meta/_journal.json')
const releases = fs.readdirSync(FIXTURES)
const sha256 = (bytes: ArrayBuffer) => createHash('sha256').update(new Uint8Array(bytes)).digest('hex')

describe.each(releases)('a data folder written by release %s', (release) => {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(FIXTURES, release, 'manifest.json'), 'utf8'),
  ) as UpgradeManifest
  let dataDir: string
  let product: ProductProcess
  const tokens = new Map<string, string>()

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `ads-preview-upgrade-${release}-`))
    fs.cpSync(path.join(FIXTURES, release, 'data-folder'), dataDir, { recursive: true })
    product = await startProductProcess({ env: { DATA_DIR: dataDir, CHROMIUM_PATH: '/nonexistent' } })
  }, 60_000) // a start of the source server took 20 s and more beside the suite at a load of 30

  afterAll(async () => {
    await product?.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  it('applies every migration of this build', () => {
    const journal = JSON.parse(fs.readFileSync(JOURNAL, 'utf8')) as { entries: unknown[] }
    const database = new Database(path.join(dataDir, 'ads-preview.db'), { readonly: true })
    try {
      const applied = database.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get() as {
        n: number
      }
      expect(applied.n).toBe(journal.entries.length)
      expect(applied.n).toBeGreaterThanOrEqual(manifest.migrations)
    } finally {
      database.close()
    }
  })

  it('signs every user in with the password they had', async () => {
    for (const user of manifest.users)
      tokens.set(user.email, await implicitAccessToken(product.base, user.email, user.password))
    expect(tokens.size).toBe(manifest.users.length)
  })

  it('keeps the identity keys, so tokens issued before the upgrade still verify', async () => {
    const discovery = (await (
      await fetch(`${product.base}/oidc/.well-known/openid-configuration`)
    ).json()) as {
      jwks_uri: string
    }
    const jwks = (await (await fetch(discovery.jwks_uri)).json()) as { keys: { kid: string }[] }
    expect(jwks.keys.map((key) => key.kid)).toEqual(expect.arrayContaining(manifest.signingKeyIds))
  })

  it('lists every package as it was, and no deleted one', async () => {
    for (const token of tokens.values()) {
      const response = await fetch(`${product.base}/api/packages`, {
        headers: { authorization: `Bearer ${token}` },
      })
      expect(response.status).toBe(200)
      const { packages } = (await response.json()) as PackageList
      expect(packages.map(keptFields)).toEqual(manifest.packages.map((recorded) => recorded.listed))
      for (const uuid of manifest.deleted) expect(packages.map((row) => row.uuid)).not.toContain(uuid)
    }
  })

  it('previews, downloads and shows the thumbnail of every package with the recorded bytes', async () => {
    const [token] = tokens.values()
    const { packages } = (await (
      await fetch(`${product.base}/api/packages`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as PackageList
    for (const { listed: recorded, previewPath, previewSha256, thumbnailSha256 } of manifest.packages) {
      const row = packages.find((candidate) => candidate.uuid === recorded.uuid)!
      expect(new URL(row.index_url).pathname).toBe(previewPath)
      const download = await fetch(row.package_url)
      expect(download.status).toBe(200)
      const bytes = await download.arrayBuffer()
      expect(bytes.byteLength).toBe(recorded.file_size)
      expect(sha256(bytes), `${recorded.filename} v${recorded.filename_version}`).toBe(recorded.sha256)
      // ?raw=1: the stored entry byte for byte (index_url itself places the MRAID host first).
      const preview = await fetch(`${row.index_url}?raw=1`)
      expect(preview.status).toBe(200)
      expect(sha256(await preview.arrayBuffer())).toBe(previewSha256)
      const thumbnail = await fetch(row.preview_url.thumbnail)
      expect(thumbnail.status).toBe(200)
      expect(sha256(await thumbnail.arrayBuffer())).toBe(thumbnailSha256)
    }
  })

  it('takes new uploads: a kept name gets the next version', async () => {
    const [token] = tokens.values()
    const api = (pathname: string, init: RequestInit = {}) =>
      fetch(`${product.base}${pathname}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      })
    const newest = Math.max(
      ...manifest.packages
        .filter(({ listed }) => listed.filename === 'banner.zip')
        .map(({ listed }) => listed.filename_version),
    )
    const query = new URLSearchParams({
      filename: 'banner.zip',
      contentType: 'application/zip',
      policy: 'keep',
    })
    const { signedRequest, uuid } = (await (
      await api(`/api/upload/get-package-upload-url?${query}`)
    ).json()) as {
      signedRequest: string
      uuid: string
    }
    const put = await fetch(signedRequest, {
      method: 'PUT',
      body: validPackage('after the upgrade') as Uint8Array<ArrayBuffer>,
      headers: { 'content-type': 'application/zip' },
    })
    expect(put.status).toBe(200)
    const validated = await api(`/api/upload/validate-package-upload/${uuid}`, {
      method: 'POST',
      body: '{"requireMraid":true}',
    })
    expect(validated.status).toBe(200)
    const created = await api(`/api/packages/${uuid}`, { method: 'POST' })
    expect(created.status).toBe(201)
    const { package: made } = (await created.json()) as { package: { filename_version: number } }
    expect(made.filename_version).toBe(newest + 1)
  })
})
