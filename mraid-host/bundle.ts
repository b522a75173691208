// mraid-host/main.ts and its modules as the one script the server answers for mraid.js. The
// client's build emits it into the client folder (mraidHostPlugin, in vite.config.ts), so
// `npm start`, the end-to-end server and the single executable all serve the same bundled file;
// tests bundle it in memory once per run (tests/setup/built-once-setup.ts); `npm run dev` writes
// it once at start (`tsx mraid-host/bundle.ts`).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import type { Plugin } from 'vite'
import { MRAID_HOST_ASSET } from '../shared/mraid/host-protocol.ts'

const ENTRY = path.join(import.meta.dirname, 'main.ts')

export async function bundleMraidHost(): Promise<string> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    // ES2018: what the web views of iOS 12 and later run.
    target: 'es2018',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  })
  return result.outputFiles[0]!.text
}

/** Emits the host beside the client in `vite build`. */
export function mraidHostPlugin(): Plugin {
  return {
    name: 'mraid-host',
    apply: 'build',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: MRAID_HOST_ASSET, source: await bundleMraidHost() })
    },
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const dir = process.argv[2] ?? 'dist/client'
  fs.mkdirSync(dir, { recursive: true })
  fs.writeFileSync(path.join(dir, MRAID_HOST_ASSET), await bundleMraidHost())
}
