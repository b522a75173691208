// How long a stranger can hold a connection on the real server, with short bounds set through
// the configuration: REQUEST_TIMEOUT_SECONDS=1 cuts trickled headers and bodies (but not a
// signed upload), a live link's secret is checked before its body is waited for, and
// KEEP_ALIVE_TIMEOUT_SECONDS=1 closes an idle connection. Before, a trickle held its connection
// as long as it kept sending: 20,000 of them took every file descriptor of the process.
import http from 'node:http'
import type net from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { validPackage } from '../../../tests/fixtures/packages.ts'
import { rawConnection } from '../../../tests/helpers/raw-connection.ts'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts'

let t: TestApp
let origin: string
const sockets: net.Socket[] = []

beforeAll(async () => {
  t = await createTestApp({ REQUEST_TIMEOUT_SECONDS: '1', KEEP_ALIVE_TIMEOUT_SECONDS: '1' })
  origin = await t.listen()
})
afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  await t?.cleanup()
})

async function connect() {
  const connection = await rawConnection(Number(new URL(origin).port))
  sockets.push(connection.socket)
  return connection
}

/** Writes `piece` every 100 ms until the socket closes. */
function trickle(socket: net.Socket, piece: string) {
  const timer = setInterval(() => (socket.destroyed ? clearInterval(timer) : socket.write(piece)), 100)
}

const post = (path: string, length: number, headers = '') =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: text/plain\r\nContent-Length: ${length}\r\n${headers}\r\n`

it('a live link’s secret is refused before its body is waited for', async () => {
  const { socket, seen } = await connect()
  socket.write(post('/ads-preview/live/not-a-secret/lines', 4000))
  trickle(socket, 'x')
  await expect.poll(() => seen.received, { timeout: 800 }).toMatch(/^HTTP\/1.1 410/)
  // The rest of its body is not waited for either.
  await expect.poll(() => seen.closed, { timeout: 3000 }).toBe(true)
})

it('a body still trickling after the deadline is cut with 408', async () => {
  const { socket, seen } = await connect()
  socket.write(
    post(
      '/ads-preview/api/upload/validate-package-upload/x',
      4000,
      `Authorization: ${t.auth.Authorization}\r\n`,
    ),
  )
  trickle(socket, 'x')
  const started = performance.now()
  await expect.poll(() => seen.closed, { timeout: 3000 }).toBe(true)
  expect(seen.received).toMatch(/^HTTP\/1.1 408/)
  expect(performance.now() - started).toBeGreaterThan(900)
})

it('headers still trickling after the deadline are cut', async () => {
  const { socket, seen } = await connect()
  socket.write('GET /ads-preview/health HTTP/1.1\r\nHost: localhost\r\n')
  trickle(socket, 'X-Slow: 1\r\n')
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

it('KEEP_ALIVE_TIMEOUT_SECONDS=1: an idle kept-alive connection is told so and closed after it', async () => {
  const { socket, seen } = await connect()
  socket.write('GET /ads-preview/health HTTP/1.1\r\nHost: localhost\r\n\r\n')
  await expect.poll(() => seen.received).toMatch(/\r\nkeep-alive: timeout=1\r\n/i)
  // Node adds its own second (keepAliveTimeoutBuffer) to the one it announces.
  await expect.poll(() => seen.closed, { timeout: 3000 }).toBe(true)
})
