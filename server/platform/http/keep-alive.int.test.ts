// 64 clients that keep their connections alive, as a load generator or a proxy in front does,
// each idle for longer than Node's default keep-alive (5 s, closed at 6 s) between two requests:
// none loses a request and none is made to reconnect. Node's default had the server close idle
// connections first; a client that sent its next request at that moment met a reset, and 3 of
// about 2,600 requests of 64 users failed with "fetch failed". The server now keeps an idle
// connection KEEP_ALIVE_TIMEOUT_SECONDS (65, more than nginx's or a load balancer's 60 s), so
// the client or the proxy is always the one that closes.
import net from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts'

const CLIENTS = 64
const IDLE_MS = 6_500
let t: TestApp
let port: number

beforeAll(async () => {
  t = await createTestApp()
  port = Number(new URL(await t.listen()).port)
})
afterAll(async () => {
  await t?.cleanup()
})

/** Sends `request` on `socket` and resolves with the whole answer, or rejects when the socket ends first. */
function exchange(socket: net.Socket, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    if (socket.destroyed) return reject(new Error('the server closed the kept-alive connection'))
    let received = ''
    const onData = (chunk: Buffer) => {
      received += chunk.toString()
      const headEnd = received.indexOf('\r\n\r\n')
      const length = /\r\ncontent-length: (\d+)/i.exec(received)?.[1]
      if (headEnd === -1 || length === undefined || received.length < headEnd + 4 + Number(length)) return
      socket.off('data', onData).off('close', onClose)
      resolve(received)
    }
    const onClose = () => reject(new Error('the server closed the kept-alive connection'))
    socket.on('data', onData).once('close', onClose)
    socket.write(request)
  })
}

/** One client: one connection, a request, IDLE_MS of nothing, a second request on the same connection. */
async function client(index: number): Promise<string[]> {
  const socket = net.connect({ host: '127.0.0.1', port })
  socket.on('error', () => {})
  await new Promise((resolve) => socket.once('connect', resolve))
  const request = (path: string) =>
    `GET ${path} HTTP/1.1\r\nHost: localhost\r\nAuthorization: ${t.auth.Authorization}\r\n\r\n`
  try {
    const first = await exchange(socket, request('/ads-preview/health'))
    // Spread over 200 ms, as users are.
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS + (index % 20) * 10))
    const second = await exchange(socket, request('/ads-preview/api/packages'))
    return [first, second]
  } finally {
    socket.destroy()
  }
}

it(`${CLIENTS} kept-alive clients idle ${IDLE_MS / 1000} s between requests: no request fails`, async () => {
  const outcomes = await Promise.allSettled(Array.from({ length: CLIENTS }, (_, index) => client(index)))
  const failed = outcomes.filter((outcome) => outcome.status === 'rejected')
  expect(failed.length).toBe(0)
  const answers = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? outcome.value : []))
  expect(answers.filter((answer) => answer.startsWith('HTTP/1.1 200'))).toHaveLength(2 * CLIENTS)
  // The hint a client reads: it closes before the server does.
  expect(answers[0]).toMatch(/\r\nkeep-alive: timeout=65\r\n/i)
}, 15_000) // 6.5 s idle by design; 7.4 s measured at a load of 40 on 2 cores
