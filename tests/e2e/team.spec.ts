// A team lead runs the team in the product (no external provider needed), in Chromium against the
// real embedded provider: invite by a link to copy, the newcomer joins and signs in, changes their
// password, gets a reset link, is removed and meets the "No access" page; the audit log and the
// package history show each step. Each screen passes the screen checks at 1440 and 390 px.
import path from 'node:path'
import { type Browser, expect, type Page, test } from '@playwright/test'
import { validPackage } from '../fixtures/packages.ts'
import { choose, row, uniqueName } from '../helpers/package-screen.ts'
import { expectScreenOk, seriousViolations, VIEWPORTS } from '../helpers/screen-checks.ts'
import { signIn } from '../helpers/sign-in.ts'
import { ADMIN_EMAIL, BASE_URL } from './env.ts'

const SHOTS = process.env.TEAM_SCREENSHOT_DIR

/** The screen checks at both widths, and a screenshot of each when TEAM_SCREENSHOT_DIR is set. */
async function checkScreen(page: Page, name: string) {
  for (const viewport of [...VIEWPORTS].reverse()) {
    await page.setViewportSize(viewport)
    await expectScreenOk(page, `${name} at ${viewport.width} px`)
    if (SHOTS)
      await page.screenshot({ path: path.join(SHOTS, `${name}-${viewport.width}.png`), fullPage: true })
  }
}

/** Signs in through the hosted login page, as a person does. */
async function signInByHand(browser: Browser, email: string, password: string) {
  const page = await (await browser.newContext()).newPage()
  await page.goto(`${BASE_URL}main`)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  return page
}

/** Chooses a password on an invitation or reset link's page. */
async function choosePassword(page: Page, link: string, password: string) {
  await page.goto(link)
  await page.getByLabel('New password', { exact: true }).fill(password)
  await page.getByLabel('Repeat the new password').fill(password)
  await page.getByRole('button', { name: /^(Join|Set the password)$/ }).click()
  // Done, the page goes on to the app and from there to the login page: wait for it to arrive,
  // so the page's next navigation does not cut that one short.
  await page.waitForURL(/\/oidc\/interaction\//)
}

/** A newcomer's address no other test uses. */
const newcomerAddress = () => `${uniqueName('newcomer').replace(/\W/g, '-')}@example.com`.toLowerCase()

/** Invites `newcomer` on the Team page (the page is left there); answers the invitation link. */
async function invite(page: Page, newcomer: string) {
  await page.getByRole('link', { name: 'Team' }).click()
  await page.getByLabel('Email').fill(newcomer)
  await page.getByRole('button', { name: 'Invite' }).click()
  const invitation = (await page.locator('.link-box .link-text').textContent()) ?? ''
  expect(invitation).toMatch(/\/oidc\/join\/[\w-]{43}$/)
  await expect(page.getByText(`${newcomer}`, { exact: true })).toBeVisible()
  return invitation
}

test('the account, the team with an invitation and the join page pass the screen checks at both widths', async ({
  page,
  browser,
}) => {
  // Three screens through axe at two widths: 17-33 s on a loaded machine.
  test.setTimeout(60_000)
  await signIn(page)
  await page.getByRole('link', { name: `Your account: ${ADMIN_EMAIL}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()
  await checkScreen(page, 'account')
  const invitation = await invite(page, newcomerAddress())
  await checkScreen(page, 'team')
  const joining = await (await browser.newContext()).newPage()
  await joining.goto(invitation)
  await expect(joining.getByRole('heading', { level: 1, name: 'Join the team' })).toBeVisible()
  await checkScreen(joining, 'join')
})

test('the audit log passes the screen checks at both widths', async ({ page }) => {
  // A long log through axe at two widths: 16-18 s on a loaded machine.
  test.setTimeout(40_000)
  await signIn(page)
  await page.goto(`${BASE_URL}audit-log`)
  await expect(page.getByRole('list', { name: 'Audit log' }).getByRole('listitem').first()).toBeVisible()
  await checkScreen(page, 'audit-log')
})

test('a team lead invites, resets and removes a member without a shell; each step is in the log', async ({
  page,
  browser,
}) => {
  // Four browsers and a dozen pages: 33 s on a loaded machine (the walk with its nine screens
  // through axe, now tests of their own, took 35 s beside the suite).
  test.setTimeout(60_000)
  const newcomer = newcomerAddress()

  await signIn(page)
  await page.getByRole('link', { name: `Your account: ${ADMIN_EMAIL}` }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible()
  const invitation = await invite(page, newcomer)

  // The newcomer joins through the link in a browser of their own, then signs in.
  const joining = await (await browser.newContext()).newPage()
  await choosePassword(joining, invitation, 'first-password-1')
  await joining.goto(invitation)
  await expect(joining.getByRole('heading', { name: 'Invitation not valid' })).toBeVisible()
  const member = await signInByHand(browser, newcomer, 'first-password-1')
  await expect(member.getByRole('link', { name: `Your account: ${newcomer}` })).toBeVisible()

  // The member changes their password; the app renews its own session and goes on working.
  await member.getByRole('link', { name: `Your account: ${newcomer}` }).click()
  await expect(member.getByRole('link', { name: 'Team' })).toHaveCount(0)
  await member.getByLabel('Current password').fill('first-password-1')
  await member.getByLabel('New password', { exact: true }).fill('second-password-1')
  await member.getByLabel('Repeat the new password').fill('second-password-1')
  await member.getByRole('button', { name: 'Change password' }).click()
  await expect(member.getByText('Your password is changed.')).toBeVisible()
  await member.getByRole('button', { name: 'Sign out other sessions' }).click()
  await expect(member.getByText('Your other sessions are signed out.', { exact: true })).toBeVisible()
  await member.goto(`${BASE_URL}main`)
  await expect(member.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(member.getByRole('alert')).toHaveCount(0)

  // The admin hands on a reset link; the member sets a new password with it.
  await page.reload()
  // Other tests add members to the shared e2e server: look at the newcomer's own line.
  await expect(page.locator('li.member').filter({ hasText: newcomer })).toContainText('Last sign-in')
  await page.getByRole('button', { name: `Reset password of ${newcomer}` }).click()
  const reset = (await page.locator('.link-box .link-text').textContent()) ?? ''
  expect(reset).toMatch(/\/oidc\/reset\/[\w-]{43}$/)
  await choosePassword(joining, reset, 'third-password-1')
  const again = await signInByHand(browser, newcomer, 'third-password-1')
  await expect(again.getByRole('link', { name: `Your account: ${newcomer}` })).toBeVisible()

  // A member package, then the removal: the member's open app is refused at its next call.
  const name = uniqueName('team-history')
  await choose(again, name, validPackage('team'))
  await expect(row(again, name)).toHaveCount(1)
  const uuid = await row(again, name).getAttribute('data-uuid')
  await page.getByRole('button', { name: `Remove ${newcomer}…` }).click()
  await page.getByRole('button', { name: 'Remove', exact: true }).click()
  await expect(page.getByText(newcomer, { exact: true })).toHaveCount(0)
  const removedAt = Date.now()
  await again.reload()
  await expect(again.getByRole('heading', { name: 'No access' })).toBeVisible()
  await expect(again.getByText('Your account has been removed')).toBeVisible()
  console.log(`access gone ${Date.now() - removedAt} ms after the removal`)

  await page.goto(`${BASE_URL}audit-log`)
  const log = page.getByRole('list', { name: 'Audit log' })
  for (const step of [
    `${ADMIN_EMAIL} invited ${newcomer}`,
    `${newcomer} joined as ${newcomer}`,
    `${newcomer} changed the password of ${newcomer}`,
    `${newcomer} signed out the other sessions of ${newcomer}`,
    `${ADMIN_EMAIL} issued a password reset for ${newcomer}`,
    `${newcomer} reset the password of ${newcomer}`,
    `${newcomer} uploaded ${name} (version 1)`,
    `${ADMIN_EMAIL} removed ${newcomer}`,
  ]) {
    await expect(log.getByText(step, { exact: true }).first()).toBeVisible()
  }

  // The package's history stays readable in the workbench after its uploader is gone.
  await page.goto(`${BASE_URL}workbench/${uuid}`)
  await expect(page.getByTestId('mraid-state')).toHaveText('default')
  const history = page.getByRole('list', { name: 'Package history' })
  await expect(history.getByText(`${newcomer} uploaded ${name} (version 1)`)).toBeVisible()
  expect(await seriousViolations(page), 'axe on the workbench with its history').toEqual([])
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, 'workbench-history-1440.png'), fullPage: true })
})

test('an administrator undoes a Replace from the audit log: the replaced version is back', async ({
  page,
}) => {
  // Two uploads, the audit log through axe twice: 14 s beside the suite, 28 s on a loaded machine.
  test.setTimeout(60_000)
  const name = uniqueName('undo-replace')
  const original = validPackage('the original')
  const replacement = validPackage('the replacement, a little longer')
  await signIn(page)
  await choose(page, name, original)
  await expect(row(page, name)).toHaveCount(1)
  const originalUuid = await row(page, name).getAttribute('data-uuid')
  await choose(page, name, replacement)
  await page.getByRole('button', { name: 'Replace', exact: true }).click()
  await expect(row(page, name)).not.toHaveAttribute('data-uuid', originalUuid!)

  await page.goto(`${BASE_URL}audit-log`)
  const entry = page
    .getByRole('list', { name: 'Audit log' })
    .getByRole('listitem')
    .filter({ hasText: `${ADMIN_EMAIL} replaced ${name}` })
  await expect(entry.getByRole('button', { name: 'Undo this replace' })).toBeVisible()
  await checkScreen(page, 'audit-log-undo-replace')
  await entry.getByRole('button', { name: 'Undo this replace' }).click()
  await expect(
    page.getByText(`${ADMIN_EMAIL} undid the Replace, bringing back ${name}`, { exact: false }).first(),
  ).toBeVisible()

  await page.goto(`${BASE_URL}main?search=${encodeURIComponent(name)}`)
  await expect(row(page, name)).toHaveAttribute('data-uuid', originalUuid!)
  await expect(row(page, name).locator('td[data-label="File size"]')).toHaveText(`${original.byteLength} B`)
})
