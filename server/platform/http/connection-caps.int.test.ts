// How many connections strangers can hold open on the real server, with small caps set through
// the configuration: past MAX_CONNECTIONS_PER_ADDRESS an address is answered 503 while another
// is served (a trusted proxy's connections count only overall), past MAX_CONNECTIONS anyone is. Before, nothing capped connections: 20,000 of them
// took every file descriptor of the process.
import type net from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { rawConnection } from '../../../tests/helpers/raw-connection.ts'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts'

const PER_ADDRESS = 6
const OVERALL = 20
const PROXY = '127.0.0.5'
let t: TestApp
let origin: string
const sockets: net.Socket[] = []

beforeAll(async () => {
  t = await createTestApp({
    MAX_CONNECTIONS: String(OVERALL),
    MAX_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS),
    TRUSTED_PROXIES: PROXY,
  })
  origin = await t.listen()
})
afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  await t?.cleanup()
})

async function connect(localAddress: string) {
  const connection = await rawConnection(Number(new URL(origin).port), localAddress)
  sockets.push(connection.socket)
  return connection
}

/** Opens `count` idle connections from `address`; a round trip later the server has taken each. */
async function hold(address: string, count: number) {
  for (let n = 0; n < count; n++) await connect(address)
  await fetch(`${origin}/ads-preview/health`)
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

it('a proxy in TRUSTED_PROXIES carries many clients: only the overall cap counts its connections', async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  await expect.poll(async () => (await fetch(`${origin}/ads-preview/health`)).status).toBe(200)
  await hold(PROXY, PER_ADDRESS)
  const more = await connect(PROXY)
  more.socket.write('GET /ads-preview/health HTTP/1.1\r\nHost: localhost\r\n\r\n')
  await expect.poll(() => more.seen.received).toMatch(/^HTTP\/1.1 200/)
})

it(`past MAX_CONNECTIONS (${OVERALL}) anyone is answered 503`, async () => {
  for (const socket of sockets.splice(0)) socket.destroy()
  await expect.poll(async () => (await fetch(`${origin}/ads-preview/health`)).status).toBe(200)
  for (let n = 0; n < Math.ceil(OVERALL / PER_ADDRESS); n++) await hold(`127.0.1.${n + 1}`, PER_ADDRESS)
  const refused = await connect('127.0.2.1')
  await expect.poll(() => refused.seen.received).toMatch(/^HTTP\/1.1 503/)
})
