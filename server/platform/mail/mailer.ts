// Sends a plain-text mail through the SMTP server SMTP_URL names (nodemailer speaks SMTP,
// STARTTLS and authentication for us). Bounded in time, so an admin's click never hangs on a
// mail server that does not answer: the link is shown to copy whatever happens to the mail.
// The mails carry sign-in links and the URL may carry a password, so nothing goes in clear
// unless the URL says so: smtps:// is TLS from the first byte, smtp:// must be upgraded with
// STARTTLS (a server that does not offer it is refused before the credentials are sent), and
// only smtp://...?ignoreTLS=true (a relay on this machine, say) talks in plain text.
import nodemailer from 'nodemailer'

export interface Mail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  /** Rejects with the SMTP server's (or the network's) reason. */
  send(mail: Mail): Promise<void>
}

const SMTP_TIMEOUT_MS = 10_000

/** nodemailer's own name for "never STARTTLS", read from the URL's query. */
export const PLAIN_TEXT_PARAM = 'ignoreTLS'

export function createMailer(settings: { smtpUrl: string | undefined; from: string }): Mailer | undefined {
  if (!settings.smtpUrl) return undefined
  const url = new URL(settings.smtpUrl)
  const inClear = url.searchParams.get(PLAIN_TEXT_PARAM) === 'true'
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
    requireTLS: url.protocol === 'smtp:' && !inClear,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  })
  return {
    async send(mail) {
      await transport.sendMail({ from: settings.from, ...mail })
    },
  }
}
