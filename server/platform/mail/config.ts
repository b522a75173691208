// Mail for the embedded provider's team links: with SMTP_URL set, an invitation or a
// password-reset link is also sent to the person it is for. Without it the admin hands it on.
import { z } from 'zod'
import { PRODUCT } from '../../../shared/constants.ts'
import { defineConfigArea } from '../config/config-area.ts'
import { env } from '../config/env.ts'

const smtpUrl = env
  .optionalUrl('smtp://user:password@mail.example.com:587')
  .refine((url) => url === undefined || /^smtps?:$/.test(new URL(url).protocol), {
    message: 'must be an smtp:// or smtps:// URL (smtp://user:password@mail.example.com:587)',
  })

export const mailConfig = defineConfigArea(
  {
    SMTP_URL: smtpUrl,
    MAIL_FROM: env.optionalString(3).pipe(z.string().max(254).optional()),
  },
  (e, core) => ({
    smtpUrl: e.SMTP_URL,
    /** The sender; by default the product at PUBLIC_URL's host name. */
    from: e.MAIL_FROM ?? `${PRODUCT} <no-reply@${new URL(core.publicUrl).hostname}>`,
  }),
)
