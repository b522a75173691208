// `npm run dev`: the server under tsx (restarts on change) and Vite with hot reload in front of
// it. Open the Vite address: it proxies the API, the identity provider and previews.
import './require-node.mjs'
import process from 'node:process'
import { runBinSync, spawnBin } from './run-bin.mjs'

const port = Number(process.env.PORT ?? 3000)
const vitePort = port + 1
const env = {
  ...process.env,
  PORT: String(port),
  PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${vitePort}`,
}
// Previews load the bundled MRAID host from the client folder: write it once (restart after
// changing mraid-host/).
if (runBinSync('tsx', ['mraid-host/bundle.ts', 'dist/client']).status !== 0) process.exit(1)
const children = [
  spawnBin('tsx', ['watch', '--clear-screen=false', 'server/main.ts'], { env }),
  spawnBin('vite', ['--port', String(vitePort), '--strictPort'], { env }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children)
  child.on('exit', (code) => {
    stop()
    process.exitCode = code ?? 0
  })
