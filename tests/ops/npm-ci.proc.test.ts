// `npm ci`, the README's first command, prints no warning, also when npm itself runs on an older
// Node than the one the project brings (these machines' own Node is 20; npm would warn that
// packages need 22, checking `engines` against the Node it runs on). `npm ci --dry-run` goes
// through the same install checks in about a second and leaves node_modules as it is.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import process from 'node:process'
import { expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')

/** The machine's own PATH: without the project's node_modules/.bin (and its Node 24) in front. */
const machinePath = (process.env.PATH ?? '')
  .split(path.delimiter)
  .filter((dir) => !dir.includes(`node_modules${path.sep}.bin`))
  .join(path.delimiter)

/** The environment a person's shell has: none of the settings npm hands to the scripts it runs. */
const shellEnv = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)),
) as Record<string, string>

it("prints no warning when npm runs on the machine's own Node", () => {
  const nodeOnPath = machinePath
    .split(path.delimiter)
    .map((dir) => path.join(dir, 'node'))
    .find((file) => fs.existsSync(file))
  const machineNode = nodeOnPath
    ? spawnSync(nodeOnPath, ['--version'], { encoding: 'utf8' }).stdout.trim()
    : 'none on PATH'
  console.log(`npm ci --dry-run under the machine's own Node (${machineNode})`)
  const run = spawnSync('npm', ['ci', '--dry-run'], {
    cwd: ROOT,
    env: { ...shellEnv, PATH: machinePath },
    encoding: 'utf8',
    timeout: 85_000,
  })
  const output = `${run.stdout}${run.stderr}`
  expect(run.status, output).toBe(0)
  // A user-level setting of this machine's (~/.npmrc's nodedir) is the machine's, not the project's.
  const warnings = output
    .split('\n')
    .filter((line) => /warn/i.test(line) && !/Unknown (user|env) config "nodedir"/.test(line))
  expect(warnings, output).toEqual([])
}, 90_000) // npm ci --dry-run: 8.8-33.9 s measured here beside the suite at a load of 30-39
