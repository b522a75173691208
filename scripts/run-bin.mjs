// Runs a dependency's command with the Node running this script (the project's), straight from
// the package's bin file: no nested npm or npx, which would start another npm (on the machine's
// own Node), print its config warnings again and put a shell between us and the process.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import process from 'node:process'

const ROOT = new URL('..', import.meta.url).pathname

export function binPath(pkg, name) {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8'))
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin[name ?? pkg.split('/').pop()]
  return path.join(ROOT, 'node_modules', pkg, bin)
}

/** spawnSync of `node <bin> ...args` */
export function runBinSync(pkg, args, options = {}) {
  return spawnSync(process.execPath, [binPath(pkg, options.bin), ...args], { stdio: 'inherit', ...options })
}

/** spawn of `node <bin> ...args` */
export function spawnBin(pkg, args, options = {}) {
  return spawn(process.execPath, [binPath(pkg, options.bin), ...args], { stdio: 'inherit', ...options })
}
