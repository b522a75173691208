import { Hono } from 'hono'
import { afterEach, describe, expect, it } from 'vitest'
import { requestLog } from '../http/access-log.ts'
import { configureLogger, logger } from './logger.ts'
import { requestContext } from './request-context.ts'

let written: string[] = []
let restore = () => {}
function capture(format: 'json' | 'text', level: 'info' | 'warn' = 'info') {
  written = []
  restore = configureLogger({ level, format }, (line) => written.push(line))
}
afterEach(() => restore())

function appWithRequestLog() {
  const app = new Hono()
  app.use(requestContext())
  app.use(requestLog())
  app.get('/work', (c) => {
    logger.warn('inside the request')
    return c.text('done')
  })
  return app
}

describe('the logger', () => {
  it('writes one JSON object a line with an ISO time, the level by name and the message', () => {
    capture('json')
    logger.info({ uuid: 'u-1' }, 'Package created')
    expect(written).toHaveLength(1)
    expect(written[0]!.endsWith('\n')).toBe(true)
    expect(JSON.parse(written[0]!)).toMatchObject({
      level: 'info',
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      msg: 'Package created',
      uuid: 'u-1',
    })
  })

  it('puts the request id on every record written while a request is handled, and answers it', async () => {
    capture('json')
    const response = await appWithRequestLog().request('/work')
    const id = response.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    const records = written.map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(records.map((record) => [record.msg, record.reqId])).toEqual([
      ['inside the request', id],
      [`GET /work 200 ${records[1]!.ms}ms`, id],
    ])
    expect(records[1]).toMatchObject({ method: 'GET', path: '/work', status: 200 })
  })

  it("keeps a proxy's well-formed X-Request-Id and replaces one that is not", async () => {
    capture('json')
    const app = appWithRequestLog()
    const kept = await app.request('/work', { headers: { 'x-request-id': 'nginx-4f2a9c' } })
    expect(kept.headers.get('x-request-id')).toBe('nginx-4f2a9c')
    const replaced = await app.request('/work', { headers: { 'x-request-id': 'a b"c' } })
    expect(replaced.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('a CR/LF in a path forges no record, in JSON or in text', async () => {
    const forged = '/x%0d%0a12:00:00.000 INFO  forged%0d%0a{"level":"fatal","msg":"forged"}'
    for (const format of ['json', 'text'] as const) {
      capture(format)
      await appWithRequestLog().request(forged)
      const lines = written.join('').split('\n').filter(Boolean)
      expect(lines, format).toHaveLength(1)
      expect(written.join(''), format).not.toMatch(/\r/)
    }
    expect(written.join('')).toContain('\\r\\n12:00:00.000 INFO  forged')
  })

  it('text: time, level and message on one line, control characters and escapes escaped', () => {
    capture('text')
    logger.info({ path: '/a b', n: 3 }, 'colour \u001b[31mred\u001b[0m')
    expect(written).toEqual([
      expect.stringMatching(
        /^\d\d:\d\d:\d\d\.\d{3} INFO {2}colour \\u001b\[31mred\\u001b\[0m path="\/a b" n=3\n$/,
      ),
    ])
  })

  it('text: an error shows its message, then its stack on indented lines no record starts with', () => {
    capture('text')
    logger.error({ err: new Error('disk gone\nforged line') }, 'Upload failed')
    const [first, ...stack] = written.join('').trimEnd().split('\n')
    expect(first).toMatch(/ERROR Upload failed err="disk gone\\nforged line"$/)
    expect(stack.length).toBeGreaterThan(0)
    for (const line of stack) expect(line).toMatch(/^ {4}at /)
  })

  it('LOG_LEVEL leaves out what is below it', () => {
    capture('json', 'warn')
    logger.info('hidden')
    logger.warn('shown')
    expect(written.map((line) => JSON.parse(line).msg)).toEqual(['shown'])
  })
})
