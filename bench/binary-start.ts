// The single executable (dist/ads-preview, `npm run build:binary`) from spawn to a 200 from
// /ads-preview/health, alone in an empty folder, against the same Node starting a bare node:http
// server to its first 200: what the product adds to a process start (its bundle, the database
// and migrations, the identity provider's keys). The first start also unpacks its runtime files
// and makes keys and the first user. Skipped when the binary has not been built.
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../tests/helpers/product-process.ts'
import { type Figure, median } from './measure.ts'

const BINARY = 'dist/ads-preview'
const BARE_SERVER = "require('node:http').createServer((q, s) => s.end('ok')).listen(process.env.PORT)"

/** Milliseconds from spawn to the first 200 from `url`, then the process is stopped. */
async function timeToFirst200(
  command: string[],
  url: (port: number) => string,
  cwd: string,
): Promise<number> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(command[0]!, command.slice(1), {
    cwd,
    env: { PATH: process.env.PATH, HOME: cwd, PORT: String(port), ADMIN_PASSWORD: 'bench-password-1' },
    stdio: 'ignore',
  })
  try {
    for (;;) {
      if (
        await fetch(url(port)).then(
          (r) => r.ok,
          () => false,
        )
      )
        return performance.now() - started
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  } finally {
    child.kill('SIGTERM')
    await new Promise((resolve) => child.once('exit', resolve))
  }
}

export async function benchBinaryStart(): Promise<Figure[]> {
  if (!fs.existsSync(BINARY)) {
    console.log(`(no ${BINARY}: run npm run build:binary for the start-up figures)`)
    return []
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-binary-'))
  try {
    fs.copyFileSync(BINARY, path.join(dir, 'ads-preview'))
    fs.chmodSync(path.join(dir, 'ads-preview'), 0o755)
    const health = (port: number) => `http://127.0.0.1:${port}/ads-preview/health`
    const binary = [path.join(dir, 'ads-preview')]
    const first = await timeToFirst200(binary, health, dir)
    const later: number[] = []
    const bare: number[] = []
    for (let run = 0; run < 5; run++) {
      later.push(await timeToFirst200(binary, health, dir))
      bare.push(
        await timeToFirst200([process.execPath, '-e', BARE_SERVER], (p) => `http://127.0.0.1:${p}/`, dir),
      )
    }
    const baseline = {
      baseline: median(bare),
      baselineName: 'bare node:http, spawn to first 200',
      unit: 'ms',
    }
    return [
      { name: 'binary first start to a healthy /health', value: first, lowerIsBetter: true, ...baseline },
      {
        name: 'binary start to a healthy /health (median of 5)',
        value: median(later),
        lowerIsBetter: true,
        ...baseline,
      },
    ]
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
