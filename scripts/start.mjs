// `npm start`: build what is missing or stale, then run the bundled server in this process (npm
// runs this script with `exec`, so a signal sent to npm reaches the server). The server migrates
// the database at boot and prints the address and how to sign in.
import './require-node.mjs'
import process from 'node:process'
import { buildAll } from './build.mjs'
import { buildIsStale, writeBuildStamp } from './build-stamp.mjs'

process.chdir(new URL('..', import.meta.url).pathname)
if (buildIsStale()) {
  console.log('Building Ads Preview (first start or changed sources)...')
  if (!(await buildAll())) process.exit(1)
  writeBuildStamp()
}
await import('../dist/server/main.mjs')
