// With SMTP_URL set, a team link also goes by mail to the person it is for (docs/team.md). The
// admin gets the link to copy either way: a mail that could not be sent says why and loses nothing.
import { PRODUCT } from '../../../shared/constants.ts'
import type { MemberLink } from '../../../shared/team.ts'
import type { Services } from '../../actions/define-action.ts'
import { logger } from '../../platform/log/logger.ts'
import type { Mail } from '../../platform/mail/mailer.ts'
import type { LinkKind } from './member-links.ts'

const MAILS: Record<LinkKind, (link: MemberLink, by: string) => Omit<Mail, 'to'>> = {
  invite: (link, by) => ({
    subject: `You are invited to ${PRODUCT}`,
    text: `${by} invited you to ${PRODUCT}.\n\nOpen this link to choose your password and join. It works once, until ${until(link)}:\n\n${link.link}\n`,
  }),
  reset: (link) => ({
    subject: `Reset your ${PRODUCT} password`,
    text: `Open this link to set a new password. It works once, until ${until(link)}:\n\n${link.link}\n\nIf you did not ask for a new password, ignore this mail: your password stays as it is.\n`,
  }),
}

const until = (link: MemberLink) => new Date(link.expiresAt).toUTCString()

export async function mailMemberLink(
  services: Services,
  kind: LinkKind,
  link: MemberLink,
  by: string,
): Promise<MemberLink> {
  if (!services.mailer) return link
  try {
    await services.mailer.send({ to: link.email, ...MAILS[kind](link, by) })
    return { ...link, mail: { sent: true } }
  } catch (error) {
    logger.warn({ err: error, kind }, 'A team link could not be mailed')
    return { ...link, mail: { sent: false, error: (error as Error).message.slice(0, 300) } }
  }
}
