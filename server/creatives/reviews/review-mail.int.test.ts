// With SMTP_URL set, the sharer hears of each decision by mail, through a real SMTP server
// (smtp-server, listening in this test, without STARTTLS: the URL says so): who decided, what,
// on which version.
import type net from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ReviewLink, ReviewView } from '../../../shared/review.ts'
import { validPackage } from '../../../tests/fixtures/packages.ts'
import { createTestApp, type TestApp, uploadPackage } from '../../../tests/helpers/test-app.ts'

const received: { to: string[]; raw: string }[] = []
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => {
      received.push({
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      })
      callback()
    })
  },
})

let t: TestApp
beforeAll(async () => {
  const port = await new Promise<number>((resolve) =>
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as net.AddressInfo).port)),
  )
  t = await createTestApp({
    SMTP_URL: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    MAIL_FROM: 'ads@example.com',
  })
})
afterAll(async () => {
  await t?.cleanup()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
})

it('mails the sharer when a reviewer decides', async () => {
  const upload = await uploadPackage(t, 'mailed.zip', validPackage())
  const shared = await t.app.request('/ads-preview/api/reviews', {
    method: 'POST',
    headers: { ...t.auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ uuids: [upload.uuid] }),
  })
  const link = (await shared.json()) as ReviewLink
  expect(link.createdBy).toMatch(/@/)
  const secret = new URL(link.url as string).pathname.split('/').at(-1)
  const view = (await (await t.app.request(`/ads-preview/reviews/${secret}`)).json()) as ReviewView
  const decided = await t.app.request(`/ads-preview/reviews/${secret}/decisions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      versionId: view.items[0]?.versionId,
      name: 'Ada Client',
      email: 'ada@agency.example',
      decision: 'changes-requested',
    }),
  })
  expect(decided.status).toBe(200)
  await expect.poll(() => received.length).toBe(1)
  expect(received[0]?.to).toEqual([link.createdBy])
  expect(received[0]?.raw).toContain('Subject: mailed.zip: changes requested')
  expect(received[0]?.raw).toContain(
    'Ada Client <ada@agency.example> requested changes to mailed.zip (version 1).',
  )
})
