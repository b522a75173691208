// How the HTTP server treats connections and what it logs.

import { defineConfigArea } from '../config/config-area.ts'
import { env } from '../config/env.ts'
import { parseTrustedProxies } from './client-address.ts'

export const httpConfig = defineConfigArea(
  {
    LOG_REQUESTS: env.flag(true),
    IDLE_TIMEOUT_SECONDS: env.intWithDefault(60, 1, 3600),
    REQUEST_TIMEOUT_SECONDS: env.intWithDefault(30, 1, 3600),
    KEEP_ALIVE_TIMEOUT_SECONDS: env.intWithDefault(65, 1, 3600),
    MAX_CONNECTIONS: env.intWithDefault(4096, 1, 1_000_000),
    MAX_CONNECTIONS_PER_ADDRESS: env.intWithDefault(256, 1, 1_000_000),
    TRUSTED_PROXIES: env.optionalString(),
  },
  (e) => ({
    /** A log line per request. */
    logRequests: e.LOG_REQUESTS,
    /** A connection that sends nothing for this long is closed (a trickling upload, a stuck client). */
    idleTimeoutSeconds: e.IDLE_TIMEOUT_SECONDS,
    /** Headers, and the whole body of a request that carries no package, arrive within this. */
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    /** An idle kept-alive connection is closed after this (longer than any client's or proxy's own). */
    keepAliveTimeoutSeconds: e.KEEP_ALIVE_TIMEOUT_SECONDS,
    /** Open connections at once, from everyone. */
    maxConnections: e.MAX_CONNECTIONS,
    /** Open connections at once from one address (a trusted proxy's are not counted). */
    maxConnectionsPerAddress: e.MAX_CONNECTIONS_PER_ADDRESS,
    /** Reverse proxies whose X-Forwarded-For names the client (unset: nobody's). */
    trustedProxies: parseTrustedProxies(e.TRUSTED_PROXIES),
  }),
)
