// `ads-preview check` offline, as a CI job runs it: the whole command (find the zips, check them
// in one process per core, write the JUnit report) over the real-world corpus (when ../shared is
// here) and 5,000 packages made in code, default targets; against the same inspector and rules
// run on the same files one after another in this process (checkFile: no processes, no limits,
// no report).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { runCheckCommand } from '../cli/check/check-command.ts'
import { checkFile } from '../cli/check/check-file.ts'
import { spawnSourceWorker } from '../cli/check/source-worker.ts'
import { DEFAULT_TARGET_IDS } from '../shared/targets/profiles/index.ts'
import { writeFixturePackages } from '../tests/fixtures/check-packages.ts'
import type { Figure } from './measure.ts'

const CORPUS = path.resolve(import.meta.dirname, '../../shared/corpus/real')
const MADE = 5_000

export async function benchCheck(): Promise<Figure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-check-'))
  try {
    const made = path.join(dir, 'made')
    const files = writeFixturePackages(made, MADE).map((f) => f.file)
    const folders = [made]
    if (fs.existsSync(CORPUS)) {
      folders.push(CORPUS)
      files.push(...fs.readdirSync(CORPUS).map((name) => path.join(CORPUS, name)))
    }

    let started = performance.now()
    const code = await runCheckCommand(
      [...folders, '--format', 'junit', '--output', path.join(dir, 'junit.xml')],
      {
        version: 'bench',
        spawnWorker: spawnSourceWorker,
        io: { stdout: () => {}, stderr: () => {}, progress: false },
      },
    )
    const checkSeconds = (performance.now() - started) / 1000
    // Some fixtures fail by design (exit 1); 2 would mean a package could not be read.
    if (code !== 1) throw new Error(`check ended with exit code ${code}`)

    started = performance.now()
    for (const file of files) await checkFile(file, file, [...DEFAULT_TARGET_IDS])
    const inlineSeconds = (performance.now() - started) / 1000
    return [
      {
        name: `check offline, ${files.length} packages, the whole command with a JUnit report (${os.availableParallelism()} processes)`,
        value: files.length / checkSeconds,
        unit: 'packages/s',
        baseline: files.length / inlineSeconds,
        baselineName: 'the inspector and rules in one thread, no limits, no report',
        lowerIsBetter: false,
      },
    ]
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
