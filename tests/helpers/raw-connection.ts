// A bare TCP connection to a product's port, for tests of what the server does with
// connections themselves (caps, deadlines, keep-alive): every byte it received, and whether
// the server closed it. From any 127/8 address: on Linux each reaches loopback, so a test can
// be several clients.
import net from 'node:net'

export interface RawConnection {
  socket: net.Socket
  seen: { received: string; closed: boolean }
}

export async function rawConnection(port: number, localAddress = '127.0.0.1'): Promise<RawConnection> {
  const socket = net.connect({ host: '127.0.0.1', port, localAddress })
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
