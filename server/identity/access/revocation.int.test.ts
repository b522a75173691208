// Access ends when it is taken back, on a real server with the embedded provider: an API token
// stops when its owner changes their password, signs out their other sessions, or an admin
// resets it (the reset link or the users command); a browser token issued in the same second
// as a reset stops too; a live session's stream closes within a minute of its owner's removal
// or of the revocation of the token it was opened with. The clock is the fake Date that both
// the product and its provider read: a test moves it rather than waiting.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { CreatedApiToken } from '../../../shared/api-tokens.ts'
import { LIVE_PATHS, type LiveSession } from '../../../shared/live/live-session.ts'
import type { MemberLink } from '../../../shared/team.ts'
import { validPackage } from '../../../tests/fixtures/packages.ts'
import { EmbeddedBrowser as Browser } from '../../../tests/helpers/embedded-browser.ts'
import { type EmbeddedProduct, startEmbeddedProduct } from '../../../tests/helpers/embedded-product.ts'
import { uploadOverHttp } from '../../../tests/helpers/http-upload.ts'
import { addUser, setPassword } from '../provider/users.ts'

// Sign-ins and password changes run scrypt on the CPU: 1-4 s a test measured beside other
// suites on 2 cores; budget 30 s, as the team's tests. Starting and stopping the product took
// past 10 s once at load average 35 (the whole integration tier beside seven other runs).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 })

const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' }
const PASSWORD = 'member-password-1'
let embedded: EmbeddedProduct
let base: string
let origin: string
const admin = new Browser(() => base)

const advance = (ms: number) => vi.setSystemTime(Date.now() + ms)

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
  embedded = await startEmbeddedProduct('revocation', ADMIN)
  base = embedded.base
  origin = new URL(base).origin
  expect(await admin.signIn(ADMIN.email, ADMIN.password)).toBe(true)
})
afterAll(async () => {
  await embedded?.close()
  vi.useRealTimers()
})

let members = 0
/** A new member, signed in on a browser of their own. */
async function member(): Promise<{ email: string; id: string; browser: Browser }> {
  const email = `member-${++members}@example.com`
  const { id } = await addUser(embedded.product.services.db, email, PASSWORD)
  const browser = new Browser(() => base)
  expect(await browser.signIn(email, PASSWORD)).toBe(true)
  return { email, id, browser }
}

async function apiToken(browser: Browser): Promise<{ id: string; secret: string }> {
  const made = await browser.call<CreatedApiToken>('tokens.create', { name: 'ci', scope: 'write' })
  expect(made.status).toBe(200)
  return { id: made.data.token.id, secret: made.data.secret }
}

const packagesWith = (bearer: string) =>
  fetch(`${base}/api/packages`, { headers: { authorization: `Bearer ${bearer}` } }).then((r) => r.status)

/** Opens a member link and chooses a password on its page, as a person would. */
const choosePassword = (link: string, password: string) =>
  fetch(link, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ password, confirm: password }).toString(),
  })

async function resetLink(id: string): Promise<string> {
  const reset = await admin.call<MemberLink>('team.resetLink', { id })
  expect(reset.status).toBe(200)
  return reset.data.link
}

describe('an API token', () => {
  it('stops when its owner changes their password', async () => {
    const { browser } = await member()
    const token = await apiToken(browser)
    expect(await packagesWith(token.secret)).toBe(200)
    const changed = await browser.call('account.changePassword', {
      currentPassword: PASSWORD,
      newPassword: 'another-password-1',
    })
    expect(changed.status).toBe(200)
    expect(await packagesWith(token.secret)).toBe(401)
    expect(await packagesWith(browser.token)).toBe(200)
  })

  it('stops when its owner signs out their other sessions', async () => {
    const { browser } = await member()
    const token = await apiToken(browser)
    expect((await browser.call('account.endOtherSessions')).status).toBe(200)
    expect(await packagesWith(token.secret)).toBe(401)
  })

  it("stops when an admin's reset link sets a new password", async () => {
    const { id, browser } = await member()
    const token = await apiToken(browser)
    expect((await choosePassword(await resetLink(id), 'reset-password-1')).status).toBe(303)
    expect(await packagesWith(token.secret)).toBe(401)
  })

  it('stops when the users command sets a new password, and so do the browser tokens', async () => {
    const { email, browser } = await member()
    const token = await apiToken(browser)
    await setPassword(embedded.product.services.db, email, 'command-password-1')
    expect(await packagesWith(token.secret)).toBe(401)
    // Another app process learns of it within the member check's cache time.
    advance(31_000)
    expect(await packagesWith(browser.token)).toBe(401)
  })
})

describe('a browser token', () => {
  it('issued in the same second as a reset, before it, is refused', async () => {
    const { id, email } = await member()
    const link = await resetLink(id)
    const browser = new Browser(() => base)
    vi.setSystemTime(Math.ceil(Date.now() / 1000) * 1000 + 5)
    expect(await browser.signIn(email, PASSWORD)).toBe(true)
    const { iat } = JSON.parse(Buffer.from(browser.token.split('.')[1]!, 'base64url').toString()) as {
      iat: number
    }
    // The reset happens at the last millisecond of the second the token was issued in: the clock
    // stands still while the new password is hashed.
    vi.useRealTimers()
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(iat * 1000 + 999)
    const reset = await choosePassword(link, 'reset-password-2')
    vi.useRealTimers()
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
    vi.setSystemTime(iat * 1000 + 1_500)
    expect(reset.status).toBe(303)
    expect(await packagesWith(browser.token)).toBe(401)
  })
})

describe("a live session's stream", () => {
  let uuid: string
  const opened: AbortController[] = []
  afterAll(() => {
    for (const abort of opened) abort.abort()
  })
  beforeAll(async () => {
    const upload = await uploadOverHttp(base, admin.token, 'live.zip', validPackage())
    expect(upload.status).toBe(201)
    uuid = upload.uuid!
  })

  /** A session the browser starts, and its stream opened with `bearer`: closed once it ends. */
  async function follow(browser: Browser, bearer: string) {
    const started = await browser.call<LiveSession>('live.start', { uuid })
    expect(started.status).toBe(200)
    const abort = new AbortController()
    opened.push(abort)
    const response = await fetch(`${origin}${LIVE_PATHS.stream(started.data.id)}`, {
      headers: { authorization: `Bearer ${bearer}` },
      signal: abort.signal,
    })
    expect(response.status).toBe(200)
    let closed = false
    void response.body!.pipeTo(new WritableStream()).then(
      () => {
        closed = true
      },
      () => {
        closed = true
      },
    )
    return { closed: () => closed }
  }

  it("closes within a minute of its owner's removal", async () => {
    const { id, browser } = await member()
    const stream = await follow(browser, browser.token)
    expect((await admin.call('team.remove', { id })).status).toBe(200)
    advance(60_000)
    await expect.poll(stream.closed, { timeout: 3_000 }).toBe(true)
  })

  it('closes within a minute of the revocation of the API token it was opened with', async () => {
    const { browser } = await member()
    const token = await apiToken(browser)
    const stream = await follow(browser, token.secret)
    expect((await browser.call('tokens.revoke', { id: token.id })).status).toBe(200)
    advance(60_000)
    await expect.poll(stream.closed, { timeout: 3_000 }).toBe(true)
  })

  it('stays open while its credential is good', async () => {
    const { browser } = await member()
    const stream = await follow(browser, browser.token)
    advance(60_000)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(stream.closed()).toBe(false)
  })
})
