// How the HTTP server treats connections and what it logs.

import { defineConfigArea } from '../config/config-area.ts'
import { env } from '../config/env.ts'
import { parseTrustedProxies } from './client-address.ts'

export const httpConfig = defineConfigArea(
  {
    LOG_REQUESTS: env.flag(true),
    IDLE_TIMEOUT_SECONDS: env.intWithDefault(60, 1, 3600),
    TRUSTED_PROXIES: env.optionalString(),
  },
  (e) => ({
    /** A log line per request. */
    logRequests: e.LOG_REQUESTS,
    /** A connection that sends nothing for this long is closed (a trickling upload, a stuck client). */
    idleTimeoutSeconds: e.IDLE_TIMEOUT_SECONDS,
    /** Reverse proxies whose X-Forwarded-For names the client (unset: nobody's). */
    trustedProxies: parseTrustedProxies(e.TRUSTED_PROXIES),
  }),
)
