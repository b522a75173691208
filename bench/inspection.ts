// Inspecting a 50 MB package of 2,000 files on the server, against `unzip -t` on the same file
// (which inflates and CRC-checks every entry) measured in the same run; and what validation's
// own process costs (the bytes cross to it over IPC), against the same inspection in-process.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { zipSync } from 'fflate'
import {
  createChildInspector,
  spawnSourceInspector,
} from '../server/creatives/inspection/inspect-in-child.ts'
import { createLocalDiskStore } from '../server/platform/storage/local/local-disk-store.ts'
import { inspectPackage } from '../shared/inspector/inspect.ts'
import { type Figure, median, timeRuns } from './measure.ts'

export async function benchInspection(): Promise<Figure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-inspect-'))
  try {
    const files: Record<string, Uint8Array> = {}
    const scripts: string[] = []
    for (let i = 0; i < 100; i++) {
      const name = `js/module-${i}.js`
      files[name] = new TextEncoder().encode(
        `// module ${i}\n${'var x = "some text content";\n'.repeat(900)}`,
      )
      scripts.push(`<script src="${name}"></script>`)
    }
    for (let i = 0; i < 1899; i++) {
      const image = new Uint8Array(26_000)
      for (let j = 0; j < image.length; j += 4)
        new DataView(image.buffer).setUint32(j, Math.imul(j + 1, 2654435761 + i))
      files[`img/frame-${i}.png`] = image
    }
    const imgs = Object.keys(files)
      .filter((f) => f.startsWith('img/'))
      .map((f) => `<img src="${f}">`)
    files['index.html'] = new TextEncoder().encode(
      `<html><head><script src="mraid.js"></script>${scripts.join('')}</head><body>${imgs.join('')}</body></html>`,
    )
    const zip = zipSync(files, { level: 6 })
    const blobs = path.join(dir, 'blobs')
    fs.mkdirSync(path.join(blobs, 'packages'), { recursive: true })
    const key = 'packages/00000000-0000-4000-8000-000000000000.zip'
    fs.writeFileSync(path.join(blobs, key), zip)
    const store = createLocalDiskStore({ root: blobs, secret: Buffer.alloc(32), putUrl: 'http://x/' })

    const ours = await timeRuns(5, async () => {
      const source = await store.openSource(key)
      const report = await inspectPackage(source, { requireMraid: true })
      await source.close()
      if (report.totals.files !== 2000) throw new Error('inspection did not see every file')
    })
    const inspector = createChildInspector(spawnSourceInspector, { timeMs: 120_000, heapMb: 512 })
    const inChild = await timeRuns(5, async () => {
      const source = await store.openSource(key)
      const report = await inspector.inspect(source, { requireMraid: true })
      await source.close()
      if (report.totals.files !== 2000) throw new Error('inspection did not see every file')
    }).finally(() => inspector.close())
    const unzip = await timeRuns(5, async () => {
      execFileSync('unzip', ['-tqq', path.join(blobs, key)])
    })
    const mb = (zip.length / 1024 / 1024).toFixed(1)
    return [
      {
        name: `inspect ${mb} MB, 2,000 files`,
        value: median(ours),
        unit: 'ms',
        baseline: median(unzip),
        baselineName: 'unzip -t',
        lowerIsBetter: true,
      },
      {
        name: `validate ${mb} MB, 2,000 files, in its own process`,
        value: median(inChild),
        unit: 'ms',
        baseline: median(ours),
        baselineName: 'the same inspection in-process',
        lowerIsBetter: true,
      },
    ]
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
