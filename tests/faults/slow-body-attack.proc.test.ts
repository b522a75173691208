// The denial of service that took /health down: strangers trickling bodies (and headers) to
// /live/{anything}/lines over as many connections as they can open, against the real product
// in its own process with a file descriptor limit low enough to reach (256 here; 20,000 were
// taken on the machine where it was found). Before, the process ran out of descriptors and
// /health stopped answering; now the per-address cap refuses most of the attack, the request
// deadline (REQUEST_TIMEOUT_SECONDS=1 here) cuts the rest, and /health, asked from another
// address on a new connection every 50 ms, answers throughout.
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { type ProductProcess, SOURCE_SERVER, startProductProcess } from '../helpers/product-process.ts'

const ATTACKER = '127.0.0.3'
const PROBE = '127.0.0.2'
const ATTACK_CONNECTIONS = 400
const ATTACK_MS = 3000
let dataDir: string
let server: ProductProcess

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-slow-body-'))
  server = await startProductProcess({
    command: ['bash', '-c', 'ulimit -n 256 && exec "$@"', 'bash', ...SOURCE_SERVER],
    env: {
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'admin@example.com',
      ADMIN_PASSWORD: 'correct-horse-battery',
      CHROMIUM_PATH: '/nonexistent',
      REQUEST_TIMEOUT_SECONDS: '1',
      MAX_CONNECTIONS: '200',
      MAX_CONNECTIONS_PER_ADDRESS: '32',
    },
  })
}, 60_000) // a start of the source server took 20 s and more beside the suite at a load of 30

afterAll(async () => {
  await server?.stop('SIGKILL')
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** /health on a new connection from PROBE: its time in ms, or Infinity when it failed or took over 2 s. */
function probeHealth(): Promise<number> {
  return new Promise((resolve) => {
    const started = performance.now()
    const socket = net.connect({ host: '127.0.0.1', port: server.port, localAddress: PROBE })
    let received = ''
    const timer = setTimeout(() => finish(Number.POSITIVE_INFINITY), 2000)
    const finish = (ms: number) => {
      clearTimeout(timer)
      socket.destroy()
      resolve(ms)
    }
    socket.on('connect', () =>
      socket.write('GET /ads-preview/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n'),
    )
    socket.on('data', (chunk) => {
      received += chunk.toString()
      if (received.startsWith('HTTP/1.1 200')) finish(performance.now() - started)
    })
    socket.on('error', () => finish(Number.POSITIVE_INFINITY))
  })
}

/** One attacking connection, reopened whenever it closes, until `until`: half trickle a body, half their headers. */
function attacker(index: number, until: number): Promise<void> {
  return new Promise((resolve) => {
    const open = () => {
      if (performance.now() > until) return resolve()
      const socket = net.connect({ host: '127.0.0.1', port: server.port, localAddress: ATTACKER })
      const head = `POST /ads-preview/live/anything-${index}/lines HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: 100000\r\n`
      const byBody = index % 2 === 0
      socket.on('connect', () => socket.write(byBody ? `${head}\r\n` : head))
      const timer = setInterval(() => socket.write(byBody ? 'x' : 'X-Slow: 1\r\n'), 200)
      const stop = setTimeout(() => socket.destroy(), until - performance.now())
      socket.on('error', () => {})
      socket.on('close', () => {
        clearInterval(timer)
        clearTimeout(stop)
        // Back at once would test a connection flood, which a firewall meets: this is about holding.
        setTimeout(open, 500)
      })
    }
    open()
  })
}

/** The answer time below which `share` of `times` fall. */
const percentile = (times: number[], share: number) =>
  [...times].sort((a, b) => a - b)[Math.min(times.length - 1, Math.floor(times.length * share))]!

it('/health answers within 100 ms while strangers trickle bodies to /live/x/lines', async () => {
  // The budget: 100 ms, or twice the worst of 20 answers just before the attack when this
  // machine is too loaded for 100 ms (on 2 cores at a load of 30 beside the suite, single
  // answers took up to 120 ms without any attack, so the check is on nine answers in ten, and
  // every answer must come).
  const calm: number[] = []
  for (let n = 0; n < 20; n++) calm.push(await probeHealth())
  const budget = Math.max(100, 2 * Math.max(...calm))

  const until = performance.now() + ATTACK_MS
  const attack = Promise.all(Array.from({ length: ATTACK_CONNECTIONS }, (_, index) => attacker(index, until)))
  // Let the attack take hold before probing.
  await new Promise((resolve) => setTimeout(resolve, 200))
  const during: number[] = []
  while (performance.now() < until) {
    during.push(await probeHealth())
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  await attack
  console.log(
    `/health during the attack: median ${percentile(during, 0.5).toFixed(1)} ms, 90% within ${percentile(during, 0.9).toFixed(1)} ms, worst ${Math.max(...during).toFixed(1)} ms of ${during.length} (calm: median ${percentile(calm, 0.5).toFixed(1)} ms, worst ${Math.max(...calm).toFixed(1)} ms; budget ${budget.toFixed(0)} ms)`,
  )
  expect(Math.max(...during)).toBeLessThan(Number.POSITIVE_INFINITY)
  expect(percentile(during, 0.9)).toBeLessThanOrEqual(budget)
}, 20_000) // 3 s of attack by design; 3.7 s measured with the calm probes at a load of 30
