// The JavaScript /main loads before its first screen runs, gzipped (the figure the build holds to
// its budget, scripts/first-screen-budget.ts), against React and ReactDOM alone (a hello-world
// bundled with esbuild in the same run): what the product adds on top of its framework.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'
import { FIRST_SCREEN_BUDGET_KB, firstScreenBytes } from '../scripts/first-screen-budget.ts'
import type { Figure } from './measure.ts'

export async function benchClientBundle(): Promise<Figure[]> {
  const html = fs.readFileSync('dist/client/index.html', 'utf8')
  const ours = firstScreenBytes(html, (file) => fs.readFileSync(path.join('dist/client', file)))
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-react-'))
  try {
    const entry = path.join(dir, 'hello.tsx')
    fs.writeFileSync(
      entry,
      "import { createRoot } from 'react-dom/client'\ncreateRoot(document.body).render(<p>hello</p>)\n",
    )
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      write: false,
      jsx: 'automatic',
      define: { 'process.env.NODE_ENV': '"production"' },
      nodePaths: [path.resolve('node_modules')],
    })
    const react = gzipSync(result.outputFiles[0]!.contents).length
    return [
      {
        name: `JavaScript /main loads (gzip; the build fails over ${FIRST_SCREEN_BUDGET_KB} KB)`,
        value: ours / 1024,
        unit: 'KB',
        baseline: react / 1024,
        baselineName: 'React + ReactDOM alone',
        lowerIsBetter: true,
      },
    ]
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
