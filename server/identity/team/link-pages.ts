// The pages behind a member link (docs/team.md): /oidc/join/<secret> lets an invited person
// choose a password and become a member; /oidc/reset/<secret> sets a new password and signs the
// member out everywhere. Each link works once and until it expires; the secret is the only
// credential, so the pages need no sign-in. Then the person signs in as usual.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { productTitle } from '../../../shared/constants.ts'
import type { Services } from '../../actions/define-action.ts'
import { requestAddress } from '../../platform/http/client-address.ts'
import { recordEvent } from '../audit-trail/record-event.ts'
import { endSessions } from '../provider/end-sessions.ts'
import { loginPolicyFor } from '../provider/login-policy.ts'
import { errorPage, passwordFormPage } from '../provider/pages.ts'
import { hashPassword, MIN_PASSWORD_LENGTH } from '../provider/passwords.ts'
import { findUserByEmail } from '../provider/users.ts'
import { findOpenLink, LINK_PAGES, type LinkKind, useLink } from './member-links.ts'

const PAGES = {
  invite: {
    heading: 'Join the team',
    lead: 'Choose a password for your account.',
    button: 'Join',
  },
  reset: {
    heading: 'Choose a new password',
    lead: 'Your other sessions will be signed out.',
    button: 'Set the password',
  },
} as const

export function createMemberLinkPages(services: Services) {
  const deps = { title: productTitle(services.config.productName), policy: loginPolicyFor(services.config) }
  const pages = new Hono()
  pages.use(async (c, next) => {
    await next()
    c.header('Content-Security-Policy', deps.policy)
    c.header('X-Frame-Options', 'DENY')
    c.header('Cache-Control', 'no-store')
    c.header('Referrer-Policy', 'no-referrer')
  })
  const gone = (c: Context, kind: LinkKind) =>
    c.html(
      errorPage(
        deps.title,
        kind === 'invite' ? 'Invitation not valid' : 'Reset link not valid',
        'This link has expired or was already used. Ask an administrator for a new one.',
      ),
      410,
    )
  for (const kind of ['invite', 'reset'] as const) {
    const page = PAGES[kind]
    const form = (c: Context, email: string, error?: string) =>
      c.html(
        passwordFormPage({
          productTitle: deps.title,
          ...page,
          email,
          action: c.req.path,
          ...(error ? { error } : {}),
        }),
        error ? 400 : 200,
      )
    pages.get(`${LINK_PAGES[kind]}/:secret`, async (c) => {
      const link = await findOpenLink(services, kind, c.req.param('secret'))
      return link ? form(c, link.email) : gone(c, kind)
    })
    pages.post(`${LINK_PAGES[kind]}/:secret`, async (c) => {
      const link = await findOpenLink(services, kind, c.req.param('secret'))
      if (!link) return gone(c, kind)
      const body = await c.req.parseBody()
      const password = String(body.password ?? '')
      if (password.length < MIN_PASSWORD_LENGTH)
        return form(c, link.email, `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`)
      if (password !== String(body.confirm ?? '')) return form(c, link.email, 'The two passwords differ.')
      const passwordHash = await hashPassword(password)
      const actor = { email: link.email, address: requestAddress(c, services.config.http.trustedProxies) }
      const done = await services.db.write(async (tx) => {
        if (!(await useLink(services, tx, link.id))) return false
        const now = services.now()
        const { users } = services.db.tables
        const existing = await findUserByEmail(services.db, link.email)
        if (kind === 'invite') {
          if (existing) return false
          const id = randomUUID()
          await tx.insert(users).values({
            id,
            email: link.email,
            name: null,
            passwordHash,
            role: link.role,
            createdAt: now,
            updatedAt: now,
          })
          await recordEvent(services.db, tx, now, {
            action: 'member.joined',
            actor: { ...actor, sub: id },
            subject: { type: 'member', id: link.email, name: link.email },
            details: { role: link.role, invitedBy: link.createdBy },
          })
        } else {
          if (!existing) return false
          await tx.update(users).set({ passwordHash }).where(eq(users.id, existing.id))
          await endSessions(services.db, tx, existing.id, { now })
          services.members?.forget(existing.id)
          await recordEvent(services.db, tx, now, {
            action: 'member.password-reset',
            actor: { ...actor, sub: existing.id },
            subject: { type: 'member', id: link.email, name: link.email },
          })
        }
        return true
      })
      return done ? c.redirect(`${services.config.appUrl}/`, 303) : gone(c, kind)
    })
  }
  return pages
}
