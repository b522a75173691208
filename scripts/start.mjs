// `npm start`: build what is missing or stale, then run the bundled server (which migrates the
// database at boot and prints the address and how to sign in).
import './require-node.mjs'
import { spawnSync } from 'node:child_process'
import process from 'node:process'
import { buildIsStale, writeBuildStamp } from './build-stamp.mjs'

process.chdir(new URL('..', import.meta.url).pathname)
if (buildIsStale()) {
  console.log('Building Ads Preview (first start or changed sources)...')
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
  writeBuildStamp()
}
await import('../dist/server/main.mjs')
