// Which request the code is working for, without passing it around: every log record written
// while a request is handled carries its id (the logger's mixin reads it). The id is the
// proxy's X-Request-Id when it sends a well-formed one, else a new UUID, and goes back in the
// answer's X-Request-Id so a report can quote it.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { MiddlewareHandler } from 'hono'
import { requestId } from 'hono/request-id'

const current = new AsyncLocalStorage<{ reqId: string }>()

export function currentRequest(): { reqId: string } | undefined {
  return current.getStore()
}

export function requestContext(): MiddlewareHandler {
  const assignId = requestId({ limitLength: 128 })
  return (c, next) => assignId(c, () => current.run({ reqId: c.get('requestId' as never) as string }, next))
}
