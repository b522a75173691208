// Whether dist/ is older than the sources it is built from, so `npm start` rebuilds after a
// pull instead of serving stale code.
import fs from 'node:fs'
import path from 'node:path'

const SOURCES = ['client', 'mraid-host', 'server', 'shared', 'package.json', 'vite.config.ts']
export const STAMP_FILE = 'dist/.build-stamp'

function newestMtime(entry) {
  const stat = fs.statSync(entry, { throwIfNoEntry: false })
  if (!stat) return 0
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const child of fs.readdirSync(entry)) {
    if (child === 'node_modules') continue
    newest = Math.max(newest, newestMtime(path.join(entry, child)))
  }
  return newest
}

export function buildIsStale() {
  const stamp = fs.statSync(STAMP_FILE, { throwIfNoEntry: false })
  if (!stamp || !fs.existsSync('dist/server/main.mjs') || !fs.existsSync('dist/client/index.html'))
    return true
  return SOURCES.some((source) => newestMtime(source) > stamp.mtimeMs)
}

export function writeBuildStamp() {
  fs.mkdirSync('dist', { recursive: true })
  fs.writeFileSync(STAMP_FILE, new Date().toISOString())
}
