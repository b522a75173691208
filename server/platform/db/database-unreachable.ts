// A database that does not answer: the connection refused, reset or timed out, the server
// shutting down, crashed or still starting (PostgreSQL's 57P01-57P03 and its class 08, connection
// exceptions), or node-postgres losing a connection. Answered 503 (platform/http/error-answer.ts): the
// caller can try again, and nothing changed, since a transaction that did not commit left nothing.
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
])
const LOST_CONNECTION =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/

export function isDatabaseUnreachable(error: unknown): boolean {
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnreachable)) return true
  const { code, cause, message } = (error ?? {}) as { code?: unknown; cause?: unknown; message?: unknown }
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^08/.test(code))) return true
  if (typeof message === 'string' && LOST_CONNECTION.test(message)) return true
  return cause !== undefined && cause !== error && isDatabaseUnreachable(cause)
}
