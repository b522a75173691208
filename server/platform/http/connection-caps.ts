// Caps on open connections, overall and per client address, so that nobody without an account
// can hold the process's file descriptors: a stranger trickling bodies over thousands of
// connections once took all 20,000 and /health stopped answering. Past a cap a new connection
// is answered 503 at once and closed, before any byte of it is read. A trusted proxy's
// connections carry many clients, so they count towards the overall cap only.
import type http from 'node:http'
import { isTrusted, type TrustedProxies } from './client-address.ts'

export interface ConnectionCaps {
  maxConnections: number
  maxConnectionsPerAddress: number
  trustedProxies: TrustedProxies
}

const BUSY_BODY = JSON.stringify({ message: 'Too many connections: try again in a moment.' })
const BUSY = [
  'HTTP/1.1 503 Service Unavailable',
  'Connection: close',
  'Retry-After: 1',
  'Content-Type: application/json',
  `Content-Length: ${Buffer.byteLength(BUSY_BODY)}`,
  '',
  BUSY_BODY,
].join('\r\n')

export function capConnections(server: http.Server, caps: ConnectionCaps): void {
  let open = 0
  const perAddress = new Map<string, number>()
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? ''
    const counted = !isTrusted(caps.trustedProxies, address)
    const fromAddress = counted ? (perAddress.get(address) ?? 0) : 0
    if (open >= caps.maxConnections || fromAddress >= caps.maxConnectionsPerAddress) {
      // Paused, so the HTTP parser never sees a request to answer beside this one.
      socket.pause()
      socket.end(BUSY, () => socket.destroy())
      return
    }
    open++
    if (counted) perAddress.set(address, fromAddress + 1)
    socket.once('close', () => {
      open--
      if (!counted) return
      const left = (perAddress.get(address) ?? 1) - 1
      if (left === 0) perAddress.delete(address)
      else perAddress.set(address, left)
    })
  })
}
