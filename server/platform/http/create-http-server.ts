// The Node HTTP server the app answers on, with every bound on what a client may hold:
// connections (overall and per address), the time to send a request, idleness, keep-alive.
import http from 'node:http'
import type { httpConfig } from './config.ts'
import { capConnections } from './connection-caps.ts'
import { enforceRequestDeadline } from './request-deadline.ts'

type HttpConfig = ReturnType<typeof httpConfig.read>

export function createHttpServer(
  config: HttpConfig,
  carriesPackage: (method: string, path: string) => boolean,
): http.Server {
  const deadlineMs = config.requestTimeoutSeconds * 1000
  // Node checks headersTimeout only this often (30 s by default): a short deadline needs a shorter round.
  const server = http.createServer({ connectionsCheckingInterval: Math.min(1000, deadlineMs / 4) })
  capConnections(server, config)
  enforceRequestDeadline(server, deadlineMs, carriesPackage)
  // Idle, not total: a 500 MB upload on a slow line is fine, a connection that stalls is not.
  // Node's own total limit per request (300 s) would cut a slow but steady upload with 408,
  // so it is off; request-deadline.ts bounds every request that carries no package.
  server.setTimeout(config.idleTimeoutSeconds * 1000)
  server.requestTimeout = 0
  // Whoever closes an idle kept-alive connection must be the client (or the proxy in front):
  // when the server closes first, a request the client sent at that moment meets a reset
  // ("fetch failed": 4 of 1,677 requests of 64 users at Node's 5 s on a loaded machine, 3 of
  // about 2,600 in the load test). Clients keep idle connections 4 s (undici, from the server's
  // hint less 2 s), nginx and AWS load balancers 60 s: the server waits longer than all of them.
  server.keepAliveTimeout = config.keepAliveTimeoutSeconds * 1000
  return server
}
