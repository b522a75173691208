// The single executable's own files, carried as embedded assets: runtime.zip (the built client
// with the MRAID host, the migrations, playwright-core for thumbnails) and the SQLite addon. They are
// unpacked once per build under DATA_DIR/.runtime/<version>-<hash>/, beside the data and never to
// a temp folder; a build's folder counts only once its .complete marker exists, and other builds'
// folders are removed.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import * as sea from 'node:sea'
import { unzipSync } from 'fflate'
import type { RuntimeFiles } from '../../server/start.ts'

function unpack(dataDir: string, version: string): string {
  const runtimeRoot = path.join(dataDir, '.runtime')
  const zip = new Uint8Array(sea.getRawAsset('runtime.zip') as ArrayBuffer)
  const addon = new Uint8Array(sea.getRawAsset('better_sqlite3.node') as ArrayBuffer)
  const stamp = createHash('sha256').update(zip).update(addon).digest('hex').slice(0, 12)
  const dir = path.join(runtimeRoot, `${version}-${stamp}`)
  if (!fs.existsSync(path.join(dir, '.complete'))) {
    fs.rmSync(dir, { recursive: true, force: true })
    for (const [relative, content] of Object.entries(unzipSync(zip))) {
      if (relative.endsWith('/')) continue
      const target = path.join(dir, relative)
      fs.mkdirSync(path.dirname(target), { recursive: true })
      fs.writeFileSync(target, content)
    }
    fs.writeFileSync(path.join(dir, 'better_sqlite3.node'), addon, { mode: 0o700 })
    fs.writeFileSync(path.join(dir, '.complete'), '')
  }
  for (const other of fs.readdirSync(runtimeRoot)) {
    if (path.join(runtimeRoot, other) !== dir)
      fs.rmSync(path.join(runtimeRoot, other), { recursive: true, force: true })
  }
  return dir
}

/** Unpacks (first start of a build) and loads the binary's files from DATA_DIR/.runtime. */
export function loadRuntimeFiles(dataDir: string, version: string): RuntimeFiles & { clientDir: string } {
  const dir = unpack(dataDir, version)
  // The SEA's own require() loads built-in modules only: the addon is loaded by hand, and
  // playwright-core through a require rooted in the unpacked folder.
  const addon: { exports: object } = { exports: {} }
  process.dlopen(addon, path.join(dir, 'better_sqlite3.node'))
  const requireUnpacked = createRequire(path.join(dir, 'package.json'))
  return {
    clientDir: path.join(dir, 'client'),
    migrationsDir: path.join(dir, 'migrations'),
    nativeBinding: addon.exports,
    loadPlaywright: async () => requireUnpacked('playwright-core'),
  }
}
