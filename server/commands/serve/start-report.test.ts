// The start report ends on how the first admin signs in, so that it is the last line before the
// request log; the real command line's report is in tests/ops/npm-start.proc.test.ts.
import { afterEach, expect, it, vi } from 'vitest'
import { parseConfig } from '../../parse-config.ts'
import { logger } from '../../platform/log/logger.ts'
import { reportStart } from './start-report.ts'

const config = parseConfig({ DATA_DIR: '/srv/ads-preview', PUBLIC_URL: 'https://ads.example.com' })
const started = { url: 'https://ads.example.com/ads-preview/', thumbnails: false }

function reported(firstUser?: Parameters<typeof reportStart>[1]['firstUser']): string[] {
  const info = vi.spyOn(logger, 'info').mockImplementation(() => {})
  reportStart(config, { ...started, firstUser }, 'npm run users --')
  return info.mock.calls.map((call) => String(call.at(-1)))
}
afterEach(() => {
  vi.restoreAllMocks()
})

it('ends on the generated password and the command that changes it', () => {
  expect(reported({ email: 'admin@localhost', generatedPassword: 'Xy3-generated' }).at(-1)).toBe(
    'Sign in as admin@localhost with the password Xy3-generated (said at each start until the first sign-in; change it with `npm run users -- passwd admin@localhost`)',
  )
})

it('names the command that sets a password it cannot tell', () => {
  expect(reported({ email: 'admin@localhost' }).at(-1)).toBe(
    'Sign in as admin@localhost: set its password with `npm run users -- passwd admin@localhost`',
  )
})

it('says nothing about signing in once someone has', () => {
  expect(reported().join('\n')).not.toMatch(/Sign in as/)
})
