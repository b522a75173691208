// The terminal form of a log record: `12:00:01.234 INFO  message key=value`, one line, control
// characters escaped. An error's stack follows on lines indented by four spaces, which no record
// starts with, so nothing quoted can pass for a record of its own.
import { escapeControl } from './escape.ts'

/** Fields every record has, or that a terminal reader does not need. */
const HIDDEN = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'err'])

function formatValue(value: unknown): string {
  if (typeof value === 'string') return /^[\w.:/@+-]+$/.test(value) ? value : JSON.stringify(value)
  return JSON.stringify(value) ?? String(value)
}

export function formatTextRecord(json: string): string {
  const record = JSON.parse(json) as Record<string, unknown>
  const time = typeof record.time === 'string' ? record.time.slice(11, 23) : ''
  const level = String(record.level ?? '')
    .toUpperCase()
    .padEnd(5)
  const message = String(record.msg ?? '')
  // A field the message already says (the address in "running at <url>") is not repeated.
  const fields = Object.entries(record)
    .filter(([key, value]) => !HIDDEN.has(key) && !(typeof value === 'string' && message.includes(value)))
    .map(([key, value]) => ` ${key}=${formatValue(value)}`)
    .join('')
  const err = record.err as { type?: string; message?: string; stack?: string } | undefined
  const error = err?.message ? ` err=${JSON.stringify(err.message)}` : ''
  // The stack without its first line, which repeats the message already shown (escaped) above.
  const header = `${err?.type ?? 'Error'}: ${err?.message ?? ''}`
  const trace = err?.stack?.startsWith(header) ? err.stack.slice(header.length) : (err?.stack ?? '')
  const stack = trace
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => `\n    ${escapeControl(line.trim())}`)
    .join('')
  return `${time} ${level} ${escapeControl(`${message}${fields}${error}`)}${stack}\n`
}
