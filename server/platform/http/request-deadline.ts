// A deadline for receiving a whole request: a stranger trickling a body a byte at a time, each
// byte resetting the idle timeout, holds a connection for at most this long. A route that
// carries a package (the signed PUT, the inspect-only call) is exempt while its handler is
// receiving the package, so a 500 MB upload on a slow line is not cut (the idle timeout still
// applies); once it has answered (a refused signature or token), the rest of the body is not
// waited for either. Node's own requestTimeout cannot tell routes apart, so it stays off and
// this takes its place.
import type http from 'node:http'

const TOO_SLOW = JSON.stringify({ message: 'The request took too long to arrive.' })

export function enforceRequestDeadline(
  server: http.Server,
  deadlineMs: number,
  carriesPackage: (method: string, path: string) => boolean,
): void {
  // Headers must arrive within the deadline on every route (checked every connectionsCheckingInterval).
  server.headersTimeout = deadlineMs
  server.on('request', (request: http.IncomingMessage, response: http.ServerResponse) => {
    const timer = setTimeout(() => {
      if (request.complete || request.socket.destroyed) return
      if (response.headersSent) {
        request.socket.destroy()
        return
      }
      const path = (request.url ?? '/').split('?')[0] ?? '/'
      if (carriesPackage(request.method ?? 'GET', path)) return
      // Connection: close ends the socket once this is written; the body never finishes.
      response.writeHead(408, {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(TOO_SLOW),
        Connection: 'close',
      })
      response.end(TOO_SLOW)
    }, deadlineMs)
    timer.unref()
    request.once('end', () => clearTimeout(timer))
  })
}
