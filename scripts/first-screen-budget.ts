// The JavaScript /main needs before its first screen runs (the scripts index.html loads and
// preloads; the screens and dialogs loaded on demand are not counted), gzipped, held to a budget
// by the client's own build: a build over it warns, and a build that warns fails (vite.config.ts),
// so `npm test`, `npm start` and `npm run build` all stop on it. `npm run bench` reports the same
// figure beside React and ReactDOM alone (bench/client-bundle.ts).
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

/** React and ReactDOM alone are 68 KB of it. */
export const FIRST_SCREEN_BUDGET_KB = 110

/** The scripts a page loads before it runs: its module script and its module preloads. */
export function scriptsOf(html: string): string[] {
  return [
    ...html.matchAll(/<(?:script type="module"|link rel="modulepreload")[^>]*?(?:src|href)="([^"]+\.js)"/g),
  ].map((match) => match[1]!)
}

/** The gzipped bytes of `index.html`'s scripts, as `files` (built file name to content) hold them. */
export function firstScreenBytes(html: string, files: (fileName: string) => string | Uint8Array): number {
  return scriptsOf(html).reduce(
    (sum, src) => sum + gzipSync(files(src.replace(/^.*?\/(assets\/)/, '$1'))).length,
    0,
  )
}

export function firstScreenBudget(budgetKb = FIRST_SCREEN_BUDGET_KB): Plugin {
  return {
    name: 'first-screen-budget',
    apply: 'build',
    enforce: 'post',
    // From the files written: index.html as the server sends it, its preloads all in.
    writeBundle(options) {
      const dir = options.dir
      if (!dir || !fs.existsSync(path.join(dir, 'index.html'))) return
      const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8')
      const kb = firstScreenBytes(html, (fileName) => fs.readFileSync(path.join(dir, fileName))) / 1024
      if (kb > budgetKb)
        this.warn(
          `/main's first screen loads ${kb.toFixed(1)} KB of JavaScript (gzip), over its budget of ${budgetKb} KB: load what it does not need on demand (client/layout/lazy-part.tsx)`,
        )
    },
  }
}
