// Changing one's own password is throttled like signing in (so it cannot be used to guess): someone holding a
// borrowed session cannot guess the current password faster than at the login form. The same
// counters serve both: a burst of wrong current passwords is checked up to the login form's
// free failures and refused after, the login form waits too, and the right password gets
// through once the wait has passed. The product's clock stands still unless the test moves it, so
// the wait runs out when the test says so, not while a loaded machine is slow.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { EmbeddedBrowser } from '../../../tests/helpers/embedded-browser.ts'
import { type EmbeddedProduct, startEmbeddedProduct } from '../../../tests/helpers/embedded-product.ts'
import { THROTTLE_RULES } from '../provider/throttle.ts'

const ADMIN = { email: 'admin@example.com', password: 'admin-password-1' }
let embedded: EmbeddedProduct
let clock = Date.now()

beforeAll(async () => {
  embedded = await startEmbeddedProduct('password-throttle', ADMIN, {}, { now: () => clock })
})
afterAll(async () => {
  await embedded?.close()
})

// About 10 scrypt checks on the CPU: 1.2-5.1 s measured here beside other suites on 2 cores
// (load average 26-35), 12.2 s with `yes` running too (load average 38); budget 30 s.
it('refuses a burst of wrong current passwords after the limit, and takes the right one after the wait', async () => {
  const session = new EmbeddedBrowser(() => embedded.base)
  expect(await session.signIn(ADMIN.email, ADMIN.password)).toBe(true)
  const change = (currentPassword: string, newPassword = 'new-password-1') =>
    session.call('account.changePassword', { currentPassword, newPassword })

  const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => change(`guess-${i}`)))
  const free = THROTTLE_RULES.email.freeFailures
  expect(burst.filter((a) => a.status === 400).map((a) => a.message)).toEqual(
    Array(free).fill('The current password is not right.'),
  )
  expect(burst.filter((a) => a.status === 429).map((a) => a.message)).toEqual(
    Array(12 - free).fill('Too many wrong passwords. Try again in 1 second.'),
  )
  // While the wait runs, the right password is refused too, here and at the login form.
  expect(await change(ADMIN.password)).toMatchObject({ status: 429 })
  const elsewhere = new EmbeddedBrowser(() => embedded.base)
  expect(await elsewhere.signIn(ADMIN.email, ADMIN.password)).toBe(false)
  expect(elsewhere.signInStatus).toBe(429)

  clock += 1000
  expect(await change(ADMIN.password)).toMatchObject({ status: 200, data: { ok: true } })
  const later = new EmbeddedBrowser(() => embedded.base)
  expect(await later.signIn(ADMIN.email, 'new-password-1')).toBe(true)
}, 30_000)
