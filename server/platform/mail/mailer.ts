// Sends a plain-text mail through the SMTP server SMTP_URL names (nodemailer speaks SMTP,
// STARTTLS and authentication for us). Bounded in time, so an admin's click never hangs on a
// mail server that does not answer: the link is shown to copy whatever happens to the mail.
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

export function createMailer(settings: { smtpUrl: string | undefined; from: string }): Mailer | undefined {
  if (!settings.smtpUrl) return undefined
  const transport = nodemailer.createTransport({
    url: settings.smtpUrl,
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
