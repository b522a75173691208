// `npm run build`: the client (Vite) into dist/client and the server bundle into dist/server.
import './require-node.mjs'
import process from 'node:process'
import { buildServer } from './build-server.mjs'
import { runBinSync } from './run-bin.mjs'

export async function buildAll() {
  const client = runBinSync('vite', ['build', '--logLevel', 'warn'])
  if (client.status !== 0) return false
  await buildServer()
  return true
}

if (import.meta.main && !(await buildAll())) process.exit(1)
