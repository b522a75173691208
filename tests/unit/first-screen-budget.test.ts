// The build's budget for /main's first load counts what index.html loads before the app runs
// (its module script and module preloads), and not the chunks the app imports on demand.
import { gzipSync } from 'node:zlib'
import { expect, it } from 'vitest'
import { firstScreenBytes, scriptsOf } from '../../scripts/first-screen-budget.ts'

const HTML = `<!doctype html><html><head>
<script type="module" crossorigin src="/ads-preview/assets/first-screen-abc.js"></script>
<link rel="modulepreload" crossorigin href="/ads-preview/assets/runtime-def.js">
<link rel="stylesheet" crossorigin href="/ads-preview/assets/first-screen-abc.css">
</head><body><div id="root"></div></body></html>`

it('counts the module script and its preloads, gzipped, and nothing loaded later', () => {
  expect(scriptsOf(HTML)).toEqual([
    '/ads-preview/assets/first-screen-abc.js',
    '/ads-preview/assets/runtime-def.js',
  ])
  const files: Record<string, string> = {
    'assets/first-screen-abc.js': 'export const a = 1;'.repeat(100),
    'assets/runtime-def.js': 'export const b = 2;',
    'assets/workbench-page-ghi.js': 'never counted',
  }
  const expected =
    gzipSync(files['assets/first-screen-abc.js']!).length + gzipSync(files['assets/runtime-def.js']!).length
  expect(firstScreenBytes(HTML, (file) => files[file]!)).toBe(expected)
})
