// Share for review, walked once in Chromium, for every setup that must carry it (one process on
// SQLite, nginx in front of three on PostgreSQL and S3): a member shares two packages; a reviewer
// with no account, on a phone-sized page, comments and requests changes; the team replaces one;
// the reviewer sees it marked new and approves it; the list shows it approved (badge and filter);
// the workbench shows what was said and the audit trail every step; revoking the link ends it.
import { type Browser, expect, type Page, test } from '@playwright/test'
import { validPackage } from '../fixtures/packages.ts'
import { choose, row, uniqueName } from './package-screen.ts'

/** A phone, as the reviewer holds it. */
export const REVIEWER_PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }

const REVIEWER = { name: 'Ada Client', email: 'ada@agency.example' }
const COMMENT = 'The logo is <b>too small</b>.'

export interface ReviewWalk {
  /** A member's page, signed in, on the package list. */
  page: Page
  /** Where the reviewer's phone-sized context is opened. */
  browser: Browser
  /** The product's base as people reach it, without a trailing slash: http://host/ads-preview */
  base: string
  /** How long an upload may take to show its row. */
  uploaded: { timeout: number }
}

/** Walks the review loop from share to revoke; answers with the review link it made. */
export async function walkReview({ page, browser, base, uploaded }: ReviewWalk): Promise<{ url: string }> {
  await page.setViewportSize({ width: 1440, height: 1000 })
  const banner = uniqueName('review-banner')
  const interstitial = uniqueName('review-interstitial')
  const badge = (name: string) => row(page, name).locator('[data-review]')

  const url = await test.step('share two packages', async () => {
    await choose(page, banner, validPackage('banner'))
    await expect(row(page, banner)).toHaveCount(1, uploaded)
    await choose(page, interstitial, validPackage('interstitial'))
    await expect(row(page, interstitial)).toHaveCount(1, uploaded)
    await row(page, banner)
      .getByRole('button', { name: `Share ${banner} for review` })
      .click()
    const dialog = page.getByRole('dialog', { name: 'Share for review' })
    await dialog.getByLabel('Add a package (a campaign set)').fill(interstitial)
    await dialog.getByRole('button', { name: `Add ${interstitial}` }).click()
    await expect(dialog.getByRole('list', { name: 'Packages to review' }).getByRole('listitem')).toHaveCount(
      2,
    )
    await dialog.getByRole('button', { name: 'Create review link' }).click()
    const url = (await dialog.getByTestId('review-url').textContent()) ?? ''
    // Under the address people reach the product at (a load balancer's, where there is one).
    expect(url.startsWith(`${base}/review/`), `${url} is under ${base}`).toBe(true)
    expect(url).toMatch(/\/ads-preview\/review\/[\w-]{43}$/)
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(badge(banner)).toHaveText('Awaiting review')
    await expect(badge(interstitial)).toHaveText('Awaiting review')
    return url
  })

  // The reviewer: another browser, no account, a phone-sized page.
  const phone = await browser.newContext(REVIEWER_PHONE)
  try {
    const reviewer = await phone.newPage()
    const card = reviewer.locator('article', { has: reviewer.getByRole('heading', { name: banner }) })
    await test.step('a reviewer on a phone comments and requests changes', async () => {
      await reviewer.goto(url)
      await expect(reviewer.getByRole('heading', { name: 'Review', level: 1 })).toBeVisible()
      await reviewer.getByLabel('Name').fill(REVIEWER.name)
      await reviewer.getByLabel('Email').fill(REVIEWER.email)
      await reviewer.getByRole('button', { name: 'Start reviewing' }).click()
      await expect(card.frameLocator('iframe').locator('body')).toBeVisible()
      await card.getByRole('button', { name: 'Pin to a point' }).click()
      await card.getByRole('button', { name: 'Pick the point of the ad the comment is about' }).click()
      await card.getByLabel(`Comment on ${banner}`).fill(COMMENT)
      await card.getByRole('button', { name: 'Comment', exact: true }).click()
      await expect(card.getByRole('list', { name: `Comments on ${banner}` })).toContainText(COMMENT)
      await card.getByRole('button', { name: `Request changes to ${banner}` }).click()
      await expect(card.getByText(`${REVIEWER.name} requested changes`)).toBeVisible()
    })

    await test.step('the team sees changes requested and replaces the banner', async () => {
      await page.reload()
      await expect(badge(banner)).toHaveText('Changes requested')
      await choose(page, banner, validPackage('banner, bigger logo'))
      await page.getByRole('button', { name: 'Replace' }).click()
      await expect(badge(banner)).toHaveText('Awaiting review', uploaded)
    })

    await test.step('the reviewer sees the new version and approves it', async () => {
      await reviewer.reload()
      await expect(card.getByText('New version')).toBeVisible()
      await card.getByRole('button', { name: `Approve ${banner}` }).click()
      await expect(card.getByText(`${REVIEWER.name} approved`)).toBeVisible()
    })

    await test.step('the list shows it approved, by badge and by filter', async () => {
      await page.reload()
      await expect(badge(banner)).toHaveText('Approved')
      await page.getByRole('combobox', { name: 'Review' }).selectOption('approved')
      await expect(row(page, banner)).toHaveCount(1)
      await expect(row(page, interstitial)).toHaveCount(0)
    })

    await test.step('the workbench shows what was said, revokes, and the audit trail has every step', async () => {
      await badge(banner).click()
      const panel = page.locator('#panel-review')
      await expect(panel).toContainText(COMMENT)
      await expect(panel).toContainText('approved')
      await panel.getByRole('button', { name: /^Revoke/ }).click()
      await expect(panel.locator('[data-state=revoked]')).toHaveCount(1)
      await page.reload()
      // Newest first, each step once and in the order it was taken; the reviewer's under the
      // email they gave.
      await expect(page.locator('#panel-history').getByRole('listitem')).toHaveText([
        /revoked a review link of/,
        /ada@agency\.example decided through a review link on/,
        /replaced/,
        /ada@agency\.example decided through a review link on/,
        /ada@agency\.example commented through a review link on/,
        /shared for review/,
        /uploaded/,
      ])
    })

    await test.step('the revoked link has ended for the reviewer', async () => {
      await reviewer.reload()
      await expect(reviewer.getByRole('alert')).toHaveText(
        'This review link has ended. Ask the person who shared it for a new one.',
      )
    })
  } finally {
    await phone.close()
  }
  return { url }
}
