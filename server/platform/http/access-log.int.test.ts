// The request log of the real app never holds a capability's secret: a live session's link
// and a member link (invitation, password reset) are access by themselves. Before, the log
// carried each path whole.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts'
import { configureLogger } from '../log/logger.ts'

const SECRET = 'Zk3secretPart0fTheLink'
let t: TestApp
const written: string[] = []
let restore = () => {}

beforeAll(async () => {
  restore = configureLogger({ level: 'info', format: 'json' }, (line) => written.push(line))
  t = await createTestApp({ LOG_REQUESTS: '1' })
})
afterAll(async () => {
  restore()
  await t?.cleanup()
})

it('logs capability paths with their secret replaced', async () => {
  const paths = [
    `/ads-preview/live/${SECRET}`,
    `/ads-preview/live/${SECRET}/lines`,
    `/ads-preview/oidc/join/${SECRET}`,
    `/ads-preview/oidc/reset/${SECRET}`,
  ]
  for (const path of paths) await t.app.request(path, { method: path.endsWith('/lines') ? 'POST' : 'GET' })
  const logged = written.map((line) => JSON.parse(line) as { path?: string }).filter((record) => record.path)
  expect(logged.map((record) => record.path)).toEqual([
    '/ads-preview/live/[secret]',
    '/ads-preview/live/[secret]/lines',
    '/ads-preview/oidc/join/[secret]',
    '/ads-preview/oidc/reset/[secret]',
  ])
  expect(written.join('')).not.toContain(SECRET)
})
