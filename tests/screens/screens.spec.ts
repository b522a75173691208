// The main screens at 1440 and 390 px, written to docs/screenshots/ (SCREENSHOT_DIR overrides)
// against a fresh server: `npm run screenshots` regenerates them, docs/screens.md links them.
import fs from 'node:fs'
import path from 'node:path'
import { devices, expect, type Page, test } from '@playwright/test'
import { packageWithoutMraid, zipOf } from '../fixtures/packages.ts'
import { choose, row } from '../helpers/package-screen.ts'
import { VIEWPORTS } from '../helpers/screen-checks.ts'
import { signIn } from '../helpers/sign-in.ts'

const DIR = process.env.SCREENSHOT_DIR ?? 'docs/screenshots'

/** Creatives that look like what their names say, so the list's thumbnails show real ads. */
const CREATIVES = (
  [
    ['spring-sale-320x50.zip', 320, 50, '#16a34a', '#65a30d', 'Spring Sale · 30% off'],
    ['summer-interstitial-320x480.zip', 320, 480, '#f59e0b', '#ef4444', 'Summer is here<br>Tap to explore'],
    ['holiday-2026-mrec-300x250.zip', 300, 250, '#b91c1c', '#7f1d1d', 'Holiday 2026<br>Gifts for everyone'],
    ['black-friday-expandable-banner.zip', 320, 50, '#111827', '#374151', 'BLACK FRIDAY · tap to expand'],
    ['app-install-playable-v3.zip', 320, 480, '#7c3aed', '#2563eb', 'Play now<br>Install free'],
  ] as const
).map(([name, width, height, from, to, text]) => ({ name, width, height, colors: [from, to], text }))

function creative({ width, height, colors, text }: (typeof CREATIVES)[number], marker = '') {
  return zipOf({
    'index.html': `<!doctype html><html><head><meta charset="utf-8">
<meta name="ad.size" content="width=${width},height=${height}"><script src="mraid.js"></script>
<style>body{margin:0}#ad{width:${width}px;height:${height}px;display:grid;place-items:center;text-align:center;
color:#fff;font:700 ${height < 100 ? 16 : 30}px/1.2 sans-serif;background:linear-gradient(135deg,${colors[0]},${colors[1]})}</style>
</head><body><div id="ad">${text}</div><!-- ${marker} --></body></html>`,
  })
}

// Refused for its missing mraid.js; its plain-http script is a warning beside that.
const FLAWED = zipOf({
  'index.html':
    '<script src="http://cdn.example-ad-server.com/campaigns/2026/spring-sale/creative-assets/final-approved/v3/main-bundle.min.js"></script>',
})

/** Until every listed package's thumbnail is the rendered creative (the list asks again by itself). */
async function waitForThumbnails(page: Page) {
  await expect
    .poll(
      () =>
        page
          .locator('tbody td.thumb img')
          .evaluateAll((imgs) =>
            imgs.every(
              (img) =>
                (img as HTMLImageElement).src.includes('rendered=1') && (img as HTMLImageElement).complete,
            ),
          ),
      { timeout: 90_000 },
    )
    .toBe(true)
}

/** Scrolls each frame into the window for a moment, then back to the top of the page. */
async function paintFrames(page: Page) {
  for (const frame of await page.locator('iframe').all()) {
    await frame.scrollIntoViewIfNeeded()
    // Two animation frames inside the ad's document: it has drawn at least once in the window.
    const content = await (await frame.elementHandle())!.contentFrame()
    await content?.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    )
  }
  await page.evaluate(() => window.scrollTo(0, 0))
}

/** The screen as it is now, at each width (the page keeps its state while it is resized). */
async function shoot(page: Page, name: string, options: { fullPage?: boolean; atList?: boolean } = {}) {
  const { atList, ...screenshot } = options
  for (const viewport of [...VIEWPORTS].reverse()) {
    await page.setViewportSize(viewport)
    // The list's heading at the top, under the sticky header (else the drop zone fills a phone).
    if (atList)
      await page.locator('#packages-title').evaluate((heading) => {
        heading.scrollIntoView({ block: 'start' })
        window.scrollBy(0, -80)
      })
    // Chromium paints a sandboxed ad frame (a process of its own) only once it has been in the
    // window; a full-page shot does not scroll, so at 390 px the ad below the fold came out blank.
    if (screenshot.fullPage) await paintFrames(page)
    await page.waitForTimeout(150)
    await page.screenshot({ path: path.join(DIR, `${name}-${viewport.width}.png`), ...screenshot })
  }
}

test('the main screens at both widths', async ({ page }) => {
  test.setTimeout(240_000)
  fs.mkdirSync(DIR, { recursive: true })
  await page.goto('no-such-page')
  await shoot(page, 'not-found')
  await page.goto('validate-token#error=access_denied&error_description=The%20user%20cancelled&state=x')
  await expect(page.getByText('Authentication error')).toBeVisible()
  await shoot(page, 'validate-token-error')

  await signIn(page)
  await expect(page.locator('.empty-hint')).toBeVisible()
  await shoot(page, 'main-empty')

  for (const ad of CREATIVES) {
    await choose(page, ad.name, creative(ad))
    await expect(row(page, ad.name)).toHaveCount(1)
  }
  await waitForThumbnails(page)
  // An upload caught while it runs: its PUT held back until the screen is shot.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/ads-preview/files/upload**', async (route) => {
    await held
    await route.continue()
  })
  await choose(page, CREATIVES[2]!.name, creative(CREATIVES[2]!, 'again'))
  await page.getByRole('button', { name: 'Keep both' }).click()
  await expect(page.locator('.status-text')).toHaveText('Uploading file...')
  await shoot(page, 'upload-running')
  release()
  await expect(page.getByTestId('upload-success')).toBeVisible()
  await page.unroute('**/ads-preview/files/upload**')
  await waitForThumbnails(page)
  await page.mouse.click(1, 1)
  await shoot(page, 'main-list', { fullPage: true })

  await page.getByLabel('Search').fill('summer')
  await expect(page.locator('tbody tr')).toHaveCount(1)
  await shoot(page, 'main-search', { atList: true })
  await page.getByRole('button', { name: /^Preview summer/ }).focus()
  await page.getByLabel('Search').fill('')
  await expect(page.locator('tbody tr')).toHaveCount(CREATIVES.length + 1)

  await choose(page, CREATIVES[0]!.name, creative(CREATIVES[0]!, 'conflict'))
  await expect(page.getByText('Filename already exists:')).toBeVisible()
  await shoot(page, 'upload-conflict')
  await page.keyboard.press('Escape')

  await choose(page, 'creative-with-a-plain-http-script.zip', FLAWED)
  await expect(page.locator('.banner.warning')).toBeVisible()
  await shoot(page, 'upload-invalid')
  await choose(page, 'no-mraid.zip', packageWithoutMraid())
  await expect(page.locator('.banner.warning')).toBeVisible()

  const first = page.locator('tbody tr').first()
  await first.getByRole('button', { name: /^Preview/ }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await shoot(page, 'preview-dialog')
  await page.keyboard.press('Escape')

  await first.getByRole('button', { name: /^Delete/ }).click()
  await expect(page.getByRole('alertdialog')).toBeVisible()
  await shoot(page, 'delete-confirm')
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByTestId('undo-toast')).toBeVisible()
  await shoot(page, 'delete-undo', { atList: true })
  await page.getByTestId('undo-toast').getByRole('button', { name: 'Undo' }).click()
  await expect(page.locator('.toast-region')).toContainText('Restored')

  const uuid = await first.getAttribute('data-uuid')
  await page.goto(`workbench/${uuid}`)
  await expect(page.getByTestId('mraid-state')).toHaveText('default')
  await shoot(page, 'workbench', { fullPage: true })

  // A live session with a phone joined: its lines in a column beside this browser's.
  await page.getByRole('button', { name: 'Start live session' }).click()
  const phone = await page
    .context()
    .browser()!
    .newContext({ ...devices['Pixel 7'] })
  await (await phone.newPage()).goto(await page.getByTestId('live-link').inputValue())
  await expect(page.getByTestId('live-status')).toContainText('1 phone joined')
  await expect(page.getByTestId('workbench-console')).toContainText('ready()')
  await shoot(page, 'workbench-live', { fullPage: true })
  await phone.close()

  // Share for review: two ads, and the page a reviewer opens with no account.
  await page.goto('main')
  await row(page, CREATIVES[0]!.name)
    .getByRole('button', { name: /^Share/ })
    .click()
  const share = page.getByRole('dialog', { name: 'Share for review' })
  await share.getByLabel('Add a package (a campaign set)').fill('summer')
  await share.getByRole('button', { name: `Add ${CREATIVES[1]!.name}` }).click()
  await shoot(page, 'share-dialog')
  await share.getByRole('button', { name: 'Create review link' }).click()
  const reviewUrl = (await share.getByTestId('review-url').textContent()) ?? ''
  await page.keyboard.press('Escape')
  const client = await page.context().browser()!.newContext()
  const reviewer = await client.newPage()
  await reviewer.goto(reviewUrl)
  await reviewer.getByLabel('Name').fill('Ada Client')
  await reviewer.getByLabel('Email').fill('ada@agency.example')
  await reviewer.getByRole('button', { name: 'Start reviewing' }).click()
  const card = reviewer.locator('article').first()
  await card.getByRole('textbox').fill('Can the headline be larger on small phones?')
  await card.getByRole('button', { name: 'Comment', exact: true }).click()
  await expect(card.getByRole('listitem')).toHaveCount(1)
  // Both ads drawn before the shots (their frames load after the page).
  for (const ad of await reviewer.locator('article').all())
    await expect(ad.frameLocator('iframe').locator('#ad')).toBeVisible()
  await shoot(reviewer, 'review', { fullPage: true })
  await client.close()

  await page.goto('main')
  await page.getByRole('button', { name: /Log out/ }).click()
  await expect(page.getByText('Logged out successfully.')).toBeVisible()
  await shoot(page, 'login')
})
