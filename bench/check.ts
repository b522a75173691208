// `ads-preview check` offline: packages per second over the real-world corpus (when ../shared is
// here) and 1,000 packages made in code, all cores, default targets, against the same inspector
// and rules run on the same files one after another in this process (no processes, no limits).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { checkInParallel } from '../cli/check/pool.ts'
import { spawnSourceWorker } from '../cli/check/source-worker.ts'
import { targetVerdicts } from '../cli/check/target-verdicts.ts'
import { openFileSource } from '../server/storage/file-source.ts'
import { inspectTargets } from '../shared/targets/inspect-targets.ts'
import { DEFAULT_TARGET_IDS } from '../shared/targets/profiles/index.ts'
import { writeFixturePackages } from '../tests/fixtures/check-packages.ts'
import type { Figure } from './measure.ts'

const CORPUS = path.resolve(import.meta.dirname, '../../shared/corpus/real')

export async function benchCheck(): Promise<Figure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-check-'))
  try {
    const files = writeFixturePackages(dir, 1_000).map((f) => f.file)
    if (fs.existsSync(CORPUS)) files.push(...fs.readdirSync(CORPUS).map((name) => path.join(CORPUS, name)))
    const inputs = files.map((file) => ({ path: file, file }))

    let started = performance.now()
    const verdicts = await checkInParallel(inputs, {
      spawnWorker: spawnSourceWorker,
      targets: [...DEFAULT_TARGET_IDS],
    })
    const checkSeconds = (performance.now() - started) / 1000
    if (verdicts.some((v) => v.status === 'error')) throw new Error('check could not read a package')

    started = performance.now()
    for (const file of files) {
      const source = await openFileSource(file)
      targetVerdicts((await inspectTargets(source)).matrix)
      await source.close()
    }
    const inlineSeconds = (performance.now() - started) / 1000
    return [
      {
        name: `check offline, ${files.length} packages (${os.availableParallelism()} processes)`,
        value: files.length / checkSeconds,
        unit: 'packages/s',
        baseline: files.length / inlineSeconds,
        baselineName: 'the inspector in one thread, no limits',
        lowerIsBetter: false,
      },
    ]
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
