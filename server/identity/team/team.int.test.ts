// A team run in the product with the embedded provider (no external provider needed), on a real server:
// the admin invites by a single-use link that expires, the invited person joins and signs in,
// changes their password (their other sessions end, this one stays), gets a reset link, and is
// removed (their token refused at once); only an admin manages the team; each step is audited.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { CreatedApiToken } from '../../../shared/api-tokens.ts'
import type { AuditPage, Member, MemberLink } from '../../../shared/team.ts'
import { EmbeddedBrowser as Browser } from '../../../tests/helpers/embedded-browser.ts'
import { type EmbeddedProduct, startEmbeddedProduct } from '../../../tests/helpers/embedded-product.ts'
import { ACCESS_DENIED } from '../access/access-policy.ts'
import { API_TOKEN_REFUSED } from '../api-tokens/api-token-check.ts'
import { LINK_LIFETIME_MS } from './member-links.ts'

// Sign-ins and password changes run scrypt on the CPU: up to 4.5 s a test measured here beside
// other suites on 2 cores (load average 30, on PostgreSQL), past 15 s with `yes` running too
// (load average 38); budget 30 s.
vi.setConfig({ testTimeout: 30_000 })

const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' }
const NEWCOMER = 'newcomer@example.com'
let embedded: EmbeddedProduct
let product: EmbeddedProduct['product']
let base: string

beforeAll(async () => {
  // The product and its provider (oidc-provider, which stamps the tokens) both read Date: a fake
  // Date that runs with real time but that a test can move is their one clock.
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
  embedded = await startEmbeddedProduct('team', ADMIN)
  ;({ product, base } = embedded)
})
afterAll(async () => {
  await embedded?.close()
  vi.useRealTimers()
})

/** The clock moves on from the moment the last tokens were issued, as a person's would. */
const nextSecond = () => vi.setSystemTime((Math.floor(Date.now() / 1000) + 1) * 1000 + 5)

/** Opens a member link and chooses a password on its page, as a person would. */
async function choosePassword(link: string, password: string, confirm = password) {
  return fetch(link, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ password, confirm }).toString(),
  })
}

describe('a team managed in the product', () => {
  const admin = new Browser(() => base)
  const newcomer = new Browser(() => base)
  const newcomerElsewhere = new Browser(() => base)

  it('lets the admin invite by a link that works once, and the invited person join', async () => {
    expect(await admin.signIn(ADMIN.email, ADMIN.password)).toBe(true)
    expect((await admin.call('account.get')).data).toEqual({
      email: ADMIN.email,
      role: 'admin',
      managedHere: true,
    })
    const invite = await admin.call<MemberLink>('team.invite', { email: NEWCOMER })
    expect(invite.status).toBe(200)
    expect(invite.data.link).toMatch(new RegExp(`^${base}/oidc/join/[\\w-]{43}$`))
    expect(Date.parse(invite.data.expiresAt) - Date.now()).toBeGreaterThan(LINK_LIFETIME_MS.invite - 60_000)
    const listed = await admin.call<{ members: Member[] }>('team.list')
    expect(listed.data.members.map((m) => [m.email, m.role, m.status])).toEqual([
      [ADMIN.email, 'admin', 'active'],
      [NEWCOMER, 'member', 'invited'],
    ])

    const page = await fetch(invite.data.link)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain(`value="${NEWCOMER}"`)
    expect((await choosePassword(invite.data.link, 'first-password-1', 'other-password-1')).status).toBe(400)
    expect((await choosePassword(invite.data.link, 'short')).status).toBe(400)
    const joined = await choosePassword(invite.data.link, 'first-password-1')
    expect(joined.status).toBe(303)
    expect(joined.headers.get('location')).toBe(`${base}/`)
    expect((await choosePassword(invite.data.link, 'second-password-1')).status).toBe(410)
    expect((await fetch(invite.data.link)).status).toBe(410)

    expect(await newcomer.signIn(NEWCOMER, 'first-password-1')).toBe(true)
    expect((await newcomer.call('account.get')).data).toMatchObject({ role: 'member', email: NEWCOMER })
    const people = (await admin.call<{ members: Member[] }>('team.list')).data.members
    expect(people.find((m) => m.email === NEWCOMER)).toMatchObject({ status: 'active', role: 'member' })
    expect(people.find((m) => m.email === NEWCOMER)?.lastSignInAt).not.toBeNull()
  })

  it('refuses team calls and the whole audit log to a member who is not an admin', async () => {
    for (const [procedure, input] of [
      ['team.list', undefined],
      ['team.invite', { email: 'friend@example.com' }],
      ['team.remove', { id: 'anyone' }],
      ['audit.list', {}],
    ] as const) {
      const answer = await newcomer.call(procedure, input)
      expect([procedure, answer.status]).toEqual([procedure, 403])
    }
  })

  it('ends an invitation at its expiry, and lets the admin take back an open one', async () => {
    const late = await admin.call<MemberLink>('team.invite', { email: 'late@example.com' })
    const now = product.services.now
    product.services.now = () => Date.now() + LINK_LIFETIME_MS.invite + 1
    try {
      expect((await fetch(late.data.link)).status).toBe(410)
      expect((await choosePassword(late.data.link, 'late-password-1')).status).toBe(410)
    } finally {
      product.services.now = now
    }
    const invited = (await admin.call<{ members: Member[] }>('team.list')).data.members.find(
      (m) => m.email === 'late@example.com',
    )
    expect((await admin.call('team.revokeInvite', { id: invited?.id })).status).toBe(200)
    expect((await fetch(late.data.link)).status).toBe(410)
  })

  it('changes a password: the current one is asked, other sessions end, this browser keeps its own', async () => {
    expect(await newcomerElsewhere.signIn(NEWCOMER, 'first-password-1')).toBe(true)
    nextSecond()
    const wrong = await newcomer.call('account.changePassword', {
      currentPassword: 'not-it-at-all',
      newPassword: 'second-password-1',
    })
    expect([wrong.status, wrong.message]).toEqual([400, 'The current password is not right.'])
    const changed = await newcomer.call('account.changePassword', {
      currentPassword: 'first-password-1',
      newPassword: 'second-password-1',
    })
    expect(changed.status).toBe(200)
    // The other browser's token is refused (401) and its session cannot renew it; the browser
    // that changed the password goes on with the token it has.
    expect((await newcomerElsewhere.call('account.get')).status).toBe(401)
    expect(await newcomerElsewhere.renew()).toBe(false)
    expect((await newcomer.call('account.get')).status).toBe(200)
    expect(await newcomer.renew()).toBe(true)
    expect(await new Browser(() => base).signIn(NEWCOMER, 'first-password-1')).toBe(false)
    expect(await newcomerElsewhere.signIn(NEWCOMER, 'second-password-1')).toBe(true)

    // Signing out the other sessions ends the other browser's, not this one's.
    nextSecond()
    expect((await newcomer.call('account.endOtherSessions')).status).toBe(200)
    expect((await newcomerElsewhere.call('account.get')).status).toBe(401)
    expect(await newcomerElsewhere.renew()).toBe(false)
    expect((await newcomer.call('account.get')).status).toBe(200)
  })

  it('lets the admin issue a reset link that sets a new password and signs the member out', async () => {
    const members = (await admin.call<{ members: Member[] }>('team.list')).data.members
    const id = members.find((m) => m.email === NEWCOMER)?.id
    const reset = await admin.call<MemberLink>('team.resetLink', { id })
    expect(reset.data.link).toMatch(new RegExp(`^${base}/oidc/reset/[\\w-]{43}$`))
    expect((await choosePassword(reset.data.link, 'third-password-1')).status).toBe(303)
    expect((await choosePassword(reset.data.link, 'fourth-password-1')).status).toBe(410)
    expect(await newcomer.renew()).toBe(false)
    expect(await new Browser(() => base).signIn(NEWCOMER, 'second-password-1')).toBe(false)
    expect(await newcomer.signIn(NEWCOMER, 'third-password-1')).toBe(true)
  })

  it('removes a member: their token is refused at once, their session cannot renew', async () => {
    const members = (await admin.call<{ members: Member[] }>('team.list')).data.members
    const self = members.find((m) => m.email === ADMIN.email)?.id
    expect((await admin.call('team.remove', { id: self })).message).toBe(
      'You cannot remove yourself: ask another admin.',
    )
    const id = members.find((m) => m.email === NEWCOMER)?.id
    // An API token the member made: the removal revokes it in the same transaction (401, not
    // only the policy's 403 for a removed owner).
    const made = await newcomer.call<CreatedApiToken>('tokens.create', { name: 'ci', scope: 'write' })
    const byToken = () =>
      fetch(`${base}/api/packages`, { headers: { authorization: `Bearer ${made.data.secret}` } })
    expect((await byToken()).status).toBe(200)
    expect((await admin.call('team.remove', { id })).status).toBe(200)
    const refused = await fetch(`${base}/api/packages`, {
      headers: { authorization: `Bearer ${newcomer.token}` },
    })
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ message: ACCESS_DENIED.removed, accessDenied: true })
    const revoked = await byToken()
    expect(revoked.status).toBe(401)
    expect(await revoked.json()).toEqual({ message: API_TOKEN_REFUSED.unknown })
    expect(await newcomer.renew()).toBe(false)
    expect(await new Browser(() => base).signIn(NEWCOMER, 'third-password-1')).toBe(false)
  })

  it('recorded every step: who, from which address, about whom', async () => {
    const { data } = await admin.call<AuditPage>('audit.list', {})
    const steps = data.events.map((e) => [e.action, e.actor, e.subject.name]).reverse()
    expect(steps).toEqual([
      ['member.invited', ADMIN.email, NEWCOMER],
      ['member.joined', NEWCOMER, NEWCOMER],
      ['member.invited', ADMIN.email, 'late@example.com'],
      ['member.invite-revoked', ADMIN.email, 'late@example.com'],
      ['member.password-changed', NEWCOMER, NEWCOMER],
      ['member.sessions-ended', NEWCOMER, NEWCOMER],
      ['member.reset-issued', ADMIN.email, NEWCOMER],
      ['member.password-reset', NEWCOMER, NEWCOMER],
      ['member.removed', ADMIN.email, NEWCOMER],
    ])
    for (const event of data.events) expect(event.address).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/)
  })
})
