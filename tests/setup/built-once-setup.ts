// Vitest global setup: what the products and MRAID host tests of a run need, made once per run
// instead of once per product or file. In .tmp: a SQLite database with every migration applied,
// which each product under test opens a copy of (its start-up's migration then finds nothing left
// to apply), and the inspecting process bundled as `npm run build` bundles it
// (scripts/build-server.mjs), which starts in a third of the time of its TypeScript source (0.6 s
// instead of 2 s measured on a loaded machine) in each product's first validation. And the MRAID
// host bundled (esbuild's service is a process, which the unit tier forbids in its test files).
import fs from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'
import type { TestProject } from 'vitest/node'
import { bundleMraidHost } from '../../mraid-host/bundle.ts'
import { parseConfig } from '../../server/parse-config.ts'
import { DATABASE_FILE, openDatabase } from '../../server/platform/db/open-database.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled MRAID host script (mraid-host/bundle.ts). */
    mraidHost: string
    /** A SQLite database file with every migration applied, for products to copy. */
    migratedSqlite: string
    /** The bundled entry of the inspecting process (server/creatives/inspection/inspect-in-child.ts). */
    inspectingProcess: string
  }
}

export default async function setup(project: TestProject) {
  fs.mkdirSync('.tmp', { recursive: true })
  // Inside the repository, so the bundle finds node_modules for the packages it leaves out.
  const dir = fs.mkdtempSync(path.resolve('.tmp', 'built-once-'))
  const db = await openDatabase(parseConfig({ DATA_DIR: dir }))
  // Closing the only connection folds SQLite's write-ahead log into the file: the file alone is whole.
  await db.close()
  const inspectingProcess = path.join(dir, 'inspecting-process.mjs')
  await build({
    entryPoints: ['server/creatives/inspection/inspecting-process.ts'],
    outfile: inspectingProcess,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    packages: 'external',
    logLevel: 'warning',
  })
  project.provide('migratedSqlite', path.join(dir, DATABASE_FILE))
  project.provide('inspectingProcess', inspectingProcess)
  project.provide('mraidHost', await bundleMraidHost())
  return () => fs.rmSync(dir, { recursive: true, force: true })
}
