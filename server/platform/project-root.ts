// The folder holding package.json, found by walking up from this module. The same code runs
// from server/*.ts (tsx) and from the dist/server bundle, which sit at different depths.
import fs from 'node:fs'
import path from 'node:path'

function findProjectRoot(start: string): string {
  let dir = start
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json')) && fs.existsSync(path.join(dir, 'migrations')))
      return dir
    const parent = path.dirname(dir)
    if (parent === dir) return process.cwd()
    dir = parent
  }
}

// The single executable has no source tree: there the working folder stands in, and every
// file the server needs comes from its embedded assets instead.
export const PROJECT_ROOT = findProjectRoot(import.meta.dirname ?? process.cwd())
