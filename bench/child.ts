import { type ChildProcess, spawn } from 'node:child_process'
import http from 'node:http'
import { chunkedPut } from '../tests/helpers/chunked-put.ts'

export interface BenchServer {
  origin: string
  get(path: string): Promise<string>
  stop(): void
  process: ChildProcess
}

export function startChild(mode: 'ours' | 'bare'): Promise<BenchServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/child-server.ts', mode], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const port = /READY (\d+)/.exec(output)?.[1]
      if (!port) return
      const origin = `http://127.0.0.1:${port}`
      resolve({
        origin,
        process: child,
        get: async (path) => (await fetch(origin + path)).text(),
        stop: () => child.kill('SIGTERM'),
      })
    })
    child.on('exit', (code) => reject(new Error(`bench server (${mode}) exited with ${code}`)))
  })
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })

/** PUTs `bytes` in 1 MiB chunks; answers the seconds it took. */
export async function putBytes(url: string, bytes: number): Promise<number> {
  const { status, seconds } = await chunkedPut(url, bytes)
  if (status !== 200) throw new Error(`PUT answered ${status}`)
  return seconds
}

/** `total` GETs over `concurrency` keep-alive connections; answers requests per second. */
export async function loadTest(url: string, total: number, concurrency: number): Promise<number> {
  let next = 0
  const worker = async () => {
    while (next < total) {
      next++
      await new Promise<void>((resolve, reject) => {
        http
          .get(url, { agent }, (response) => {
            response.resume()
            response.on('end', () =>
              response.statusCode === 200
                ? resolve()
                : reject(new Error(`GET answered ${response.statusCode}`)),
            )
          })
          .on('error', reject)
      })
    }
  }
  const started = performance.now()
  await Promise.all(Array.from({ length: concurrency }, worker))
  return total / ((performance.now() - started) / 1000)
}

/**
 * `clients` GETs of `url` at once from a process of their own (so the measuring process stays
 * free to time other requests); answers the seconds until the last body ended.
 */
export function loadFromChild(url: string, clients: number): Promise<number> {
  const script = `
    const http = require('node:http')
    const started = performance.now()
    let left = ${clients}
    for (let i = 0; i < ${clients}; i++) {
      http.get(${JSON.stringify(url)}, (response) => {
        if (response.statusCode !== 200) process.exit(2)
        response.resume()
        response.on('end', () => { if (--left === 0) { console.log((performance.now() - started) / 1000); process.exit(0) } })
      }).on('error', () => process.exit(3))
    }`
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] })
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.on('exit', (code) =>
      code === 0 ? resolve(Number(output)) : reject(new Error(`load exited with ${code}`)),
    )
  })
}
