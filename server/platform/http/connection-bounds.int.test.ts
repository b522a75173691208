// What a stranger can hold open on the real server, with short bounds set through the
// configuration: REQUEST_TIMEOUT_SECONDS=1 cuts trickled headers and bodies (but not a signed
// upload), a live link's secret is checked before its body is waited for, and
// MAX_CONNECTIONS_PER_ADDRESS / MAX_CONNECTIONS answer 503 past the cap while another address is
// served. Before, a trickle held its connection as long as it kept sending, and nothing capped
// connections: 20,000 of them took every file descriptor of the process.
import http from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { validPackage } from '../../../tests/fixtures/packages.ts'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts'

const PER_ADDRESS = 6
const OVERALL = 20
let t: TestApp
let origin: string
let port: number
const sockets: net.Socket[] = []

beforeAll(async () => {
  t = await createTestApp({
    REQUEST_TIMEOUT_SECONDS: '1',
    MAX_CONNECTIONS: String(OVERALL),
    MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
  })
  origin = await t.listen()
  port = Number(new URL(origin).port)
})
afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  await t?.cleanup()
})

/** A raw connection from `localAddress` (any 127/8 address reaches loopback on Linux): what it received, and whether it closed. */
async function connect(localAddress = '127.0.0.1') {
  const socket = net.connect({ host: '127.0.0.1', port, localAddress })
  sockets.push(socket)
  const seen = { received: '', closed: false }
  socket.on('data', (chunk) => {
    seen.received += chunk.toString()
  })
  socket.on('error', () => {})
  socket.on('close', () => {
    seen.closed = true
  })
  await new Promise((resolve) => socket.once('connect', resolve))
  return { socket, seen }
}

/** Writes one byte every 100 ms until the socket closes. */
function trickle(socket: net.Socket, byte = 'x') {
  const timer = setInterval(() => (socket.destroyed ? clearInterval(timer) : socket.write(byte)), 100)
}

const post = (path: string, length: number, headers = '') =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: ${length}\r\n${headers}\r\n`

describe('request deadlines (REQUEST_TIMEOUT_SECONDS=1)', () => {
  it('a live link’s secret is refused before its body is waited for', async () => {
    const { socket, seen } = await connect()
    socket.write(post('/ads-preview/live/not-a-secret/lines', 4000))
    trickle(socket)
    await expect.poll(() => seen.received, { timeout: 800 }).toMatch(/^HTTP\/1.1 410/)
    // The rest of its body is not waited for either.
    await expect.poll(() => seen.closed, { timeout: 3000 }).toBe(true)
  })

  it('a body still trickling after the deadline is cut with 408', async () => {
    const { socket, seen } = await connect()
    socket.write(
      post('/ads-preview/api/upload/validate-package-upload/x', 4000, `Authorization: ${t.auth.Authorization}\r\n`),
    )
    trickle(socket)
    const started = performance.now()
    await expect.poll(() => seen.closed, { timeout: 3000 }).toBe(true)
    expect(seen.received).toMatch(/^HTTP\/1.1 408/)
    expect(performance.now() - started).toBeGreaterThan(900)
  })

  it('headers still trickling after the deadline are cut', async () => {
    const { socket, seen } = await connect()
    socket.write('GET /ads-preview/health HTTP/1.1\r\nHost: localhost\r\n')
    const timer = setInterval(() => (socket.destroyed ? clearInterval(timer) : socket.write('X-Slow: 1\r\n')), 100)
    // 1 s, checked every 250 ms (connectionsCheckingInterval).
    await expect.poll(() => seen.closed, { timeout: 3000 }).toBe(true)
    expect(seen.received).toMatch(/^HTTP\/1.1 408|^$/)
  })

  it('a signed upload sent slowly for longer than the deadline is received whole', async () => {
    const query = new URLSearchParams({ filename: 'slow.zip', contentType: 'application/zip', policy: 'none' })
    const answer = await t.app.request(`/ads-preview/api/upload/get-package-upload-url?${query}`, {
      headers: t.auth,
    })
    const { signedRequest } = (await answer.json()) as { signedRequest: string }
    const body = validPackage('slow')
    const status = await new Promise<number | string>((resolve) => {
      const request = http.request(`${origin}${t.pathOf(signedRequest)}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/zip', 'content-length': String(body.length) },
      })
      request.on('response', (response) => {
        response.resume()
        resolve(response.statusCode ?? 0)
      })
      request.on('error', (error) => resolve(error.message))
      const pieces = 15
      const size = Math.ceil(body.length / pieces)
      let sent = 0
      const timer = setInterval(() => {
        request.write(body.subarray(sent * size, (sent + 1) * size))
        if (++sent === pieces) {
          clearInterval(timer)
          request.end()
        }
      }, 100)
    })
    expect(status).toBe(200)
  })
})

describe('connection caps', () => {
  /** Opens `count` idle connections from `address` and waits until the server has taken each. */
  async function hold(address: string, count: number) {
    const held = await Promise.all(Array.from({ length: count }, () => connect(address)))
    // A refused one is answered at once; give the server a round trip to do so.
    await fetch(`${origin}/ads-preview/health`)
    return held
  }

  it(`past MAX_CONNECTIONS_PER_ADDRESS (${PER_ADDRESS}) an address is answered 503, another is served`, async () => {
    await hold('127.0.0.3', PER_ADDRESS)
    const refused = await connect('127.0.0.3')
    await expect.poll(() => refused.seen.received).toMatch(/^HTTP\/1.1 503/)
    await expect.poll(() => refused.seen.closed).toBe(true)
    const other = await connect('127.0.0.4')
    other.socket.write('GET /ads-preview/health HTTP/1.1\r\nHost: localhost\r\n\r\n')
    await expect.poll(() => other.seen.received).toMatch(/^HTTP\/1.1 200/)
  })

  it(`past MAX_CONNECTIONS (${OVERALL}) anyone is answered 503`, async () => {
    for (const socket of sockets.splice(0)) socket.destroy()
    await expect.poll(async () => (await fetch(`${origin}/ads-preview/health`)).status).toBe(200)
    for (let n = 0; n < OVERALL / PER_ADDRESS; n++) await hold(`127.0.1.${n + 1}`, PER_ADDRESS)
    const refused = await connect('127.0.2.1')
    await expect.poll(() => refused.seen.received).toMatch(/^HTTP\/1.1 503/)
  })
})
