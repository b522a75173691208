// Team links by mail (docs/team.md): with SMTP_URL set, an invitation and a password-reset link
// reach the person through a real SMTP server (smtp-server, listening in this test) as MAIL_FROM,
// with the credentials the URL names, and the link in the mail lets them in. A mail server that
// does not answer costs nothing: the admin still gets the link to copy, with the reason. This
// server offers no STARTTLS: the product talks to it in clear only because its URL says so
// (?ignoreTLS=true); a plain smtp:// URL refuses it before any credential or link is sent.
import net from 'node:net'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { MemberLink } from '../../../shared/team.ts'
import { type EmbeddedProduct, startEmbeddedProduct } from '../../../tests/helpers/embedded-product.ts'
import { implicitLogin } from '../../../tests/helpers/oidc-http.ts'
import { createMailer, PLAIN_TEXT_PARAM } from '../../platform/mail/mailer.ts'

const ADMIN = { email: 'lead@example.com', password: 'lead-password-1' }
const SMTP_USER = { name: 'mailer', password: 'smtp-secret-1' }
const FROM = 'Ad ops <ads@example.com>'

interface Received {
  from: string
  to: string[]
  raw: string
}

const received: Received[] = []
const logins: string[] = []
const smtp = new SMTPServer({
  authOptional: false,
  allowInsecureAuth: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onAuth(auth, _session, callback) {
    logins.push(`${auth.username}:${auth.password}`)
    if (auth.username === SMTP_USER.name && auth.password === SMTP_USER.password)
      return callback(null, { user: auth.username })
    return callback(new Error('Invalid username or password'))
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = []
    stream.on('data', (chunk: Buffer) => chunks.push(chunk))
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      })
      callback()
    })
  },
})

const smtpUrl = (port: number) => `smtp://${SMTP_USER.name}:${SMTP_USER.password}@127.0.0.1:${port}`

let product: EmbeddedProduct
let smtpPort: number
beforeAll(async () => {
  const port = await new Promise<number>((resolve) =>
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as net.AddressInfo).port)),
  )
  smtpPort = port
  product = await startEmbeddedProduct('team-mail', ADMIN, {
    SMTP_URL: `${smtpUrl(port)}?${PLAIN_TEXT_PARAM}=true`,
    MAIL_FROM: FROM,
  })
})
afterAll(async () => {
  await product?.close()
  await new Promise<void>((resolve) => smtp.close(() => resolve()))
})

async function mutate<T>(base: string, token: string, procedure: string, input: unknown): Promise<T> {
  const response = await fetch(`${base}/trpc/${procedure}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  })
  const body = (await response.json()) as { result?: { data: T }; error?: { message: string } }
  if (!body.result) throw new Error(`${procedure}: ${response.status} ${body.error?.message}`)
  return body.result.data
}

/** The text part as sent: quoted-printable soft breaks joined, escapes decoded. */
const bodyText = (raw: string) =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))

async function choosePassword(link: string, password: string) {
  return fetch(link, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ password, confirm: password }).toString(),
  })
}

describe('team links by mail', () => {
  it('sends nothing in clear to a server without STARTTLS when the URL does not say so', async () => {
    const before = { mails: received.length, logins: logins.length }
    const mailer = createMailer({ smtpUrl: smtpUrl(smtpPort), from: FROM })
    await expect(
      mailer?.send({ to: 'someone@example.com', subject: 'A link', text: 'https://secret.example/x' }),
    ).rejects.toThrow(/STARTTLS/)
    expect({ mails: received.length, logins: logins.length }).toEqual(before)
  })

  it('mails an invitation as MAIL_FROM, signed in with the URL credentials, and its link lets the person join', async () => {
    const { accessToken } = await implicitLogin(product.base, ADMIN.email, ADMIN.password)
    const invite = await mutate<MemberLink>(product.base, accessToken, 'team.invite', {
      email: 'newcomer@example.com',
    })
    expect(invite.mail).toEqual({ sent: true })
    expect(logins).toEqual([`${SMTP_USER.name}:${SMTP_USER.password}`])
    const mail = received.at(-1)!
    expect(mail.from).toBe('ads@example.com')
    expect(mail.to).toEqual(['newcomer@example.com'])
    expect(mail.raw).toContain(`From: ${FROM}`)
    expect(mail.raw).toMatch(/^Subject: You are invited to Ads Preview/m)
    const text = bodyText(mail.raw)
    expect(text).toContain(`${ADMIN.email} invited you to Ads Preview.`)
    expect(text).toContain(invite.link)

    const joined = await choosePassword(invite.link, 'newcomer-password-1')
    expect(joined.status).toBeLessThan(400)
    await expect(
      implicitLogin(product.base, 'newcomer@example.com', 'newcomer-password-1'),
    ).resolves.toBeTruthy()
  })

  it('mails a password-reset link to the member it is for', async () => {
    const { accessToken } = await implicitLogin(product.base, ADMIN.email, ADMIN.password)
    const team = await fetch(`${product.base}/trpc/team.list`, {
      headers: { authorization: `Bearer ${accessToken}` },
    }).then((r) => r.json() as Promise<{ result: { data: { members: { id: string; email: string }[] } } }>)
    const member = team.result.data.members.find((m) => m.email === 'newcomer@example.com')!
    const reset = await mutate<MemberLink>(product.base, accessToken, 'team.resetLink', { id: member.id })
    expect(reset.mail).toEqual({ sent: true })
    const mail = received.at(-1)!
    expect(mail.to).toEqual(['newcomer@example.com'])
    expect(mail.raw).toMatch(/^Subject: Reset your Ads Preview password/m)
    expect(bodyText(mail.raw)).toContain(reset.link)
  })

  it('answers the link to copy, with the reason, when the mail server does not answer', async () => {
    // A port that was free a moment ago: nothing listens there.
    const closed = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as net.AddressInfo
        probe.close(() => resolve(port))
      })
    })
    const offline = await startEmbeddedProduct('team-mail-offline', ADMIN, {
      SMTP_URL: `smtp://127.0.0.1:${closed}`,
    })
    try {
      const { accessToken } = await implicitLogin(offline.base, ADMIN.email, ADMIN.password)
      const invite = await mutate<MemberLink>(offline.base, accessToken, 'team.invite', {
        email: 'someone@example.com',
      })
      expect(invite.link).toMatch(/\/join\//)
      expect(invite.mail?.sent).toBe(false)
      expect(invite.mail?.error).toMatch(/ECONNREFUSED/)
    } finally {
      await offline.close()
    }
  })
})
