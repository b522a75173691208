import type { MiddlewareHandler } from 'hono'
import { logger } from '../log/logger.ts'

/**
 * The path with the segment after each capability prefix replaced: a live session's link or a
 * member link is the access itself, and whoever reads the log must not be able to use it.
 */
export function redactCapabilities(path: string, capabilityPrefixes: readonly string[]): string {
  for (const prefix of capabilityPrefixes) {
    if (!path.startsWith(prefix)) continue
    const end = path.indexOf('/', prefix.length)
    return `${prefix}[secret]${end === -1 ? '' : path.slice(end)}`
  }
  return path
}

/**
 * One record per request: method, path (never the query: it carries signatures; capability
 * segments redacted), status, ms; the request id comes from the request context. The path is a
 * field, escaped by the logger.
 */
export function requestLog(capabilityPrefixes: readonly string[] = []): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    await next()
    const ms = Number((performance.now() - started).toFixed(1))
    const method = c.req.method
    const path = redactCapabilities(c.req.path, capabilityPrefixes)
    logger.info({ method, path, status: c.res.status, ms }, `${method} ${path} ${c.res.status} ${ms}ms`)
  }
}
