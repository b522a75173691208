import type { MiddlewareHandler } from 'hono'
import { logger } from '../log/logger.ts'

/**
 * One record per request: method, path (never the query: it carries signatures), status, ms; the
 * request id comes from the request context. The path is a field, escaped by the logger.
 */
export function requestLog(): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now()
    await next()
    const ms = Number((performance.now() - started).toFixed(1))
    const { method, path } = c.req
    logger.info({ method, path, status: c.res.status, ms }, `${method} ${path} ${c.res.status} ${ms}ms`)
  }
}
