// SMTP_URL and MAIL_FROM as parsed at start: only an SMTP URL is taken, and the sender defaults to
// the product at PUBLIC_URL's host (the mails themselves: server/identity/team/team-mail.int.test.ts).
import { expect, it } from 'vitest'
import { ConfigError, parseConfig } from '../../parse-config.ts'

it('refuses an SMTP_URL that is not smtp:// or smtps://, naming the variable', () => {
  expect(() => parseConfig({ SMTP_URL: 'https://mail.example.com' })).toThrow(ConfigError)
  expect(() => parseConfig({ SMTP_URL: 'https://mail.example.com' })).toThrow(
    /SMTP_URL=https:\/\/mail.example.com: must be an smtp/,
  )
  expect(parseConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465' }).mail.smtpUrl).toBe(
    'smtps://u:p@mail.example.com:465',
  )
})

it('sends as the product at PUBLIC_URL unless MAIL_FROM says otherwise', () => {
  expect(parseConfig({ PUBLIC_URL: 'https://ads.example.com' }).mail.from).toBe(
    'Ads Preview <no-reply@ads.example.com>',
  )
  expect(parseConfig({ MAIL_FROM: 'QA <qa@example.com>' }).mail.from).toBe('QA <qa@example.com>')
  expect(parseConfig({}).mail.smtpUrl).toBeUndefined()
})
