import fs from 'node:fs'
import { expect, test } from '@playwright/test'
import jsQR from 'jsqr'
import { packageWithoutMraid, validPackage, zipOf } from '../fixtures/packages.ts'
import { choose, row, uniqueName } from '../helpers/package-screen.ts'
import { pngPixels } from '../helpers/png-pixels.ts'
import { signIn } from '../helpers/sign-in.ts'

test.beforeEach(async ({ page }) => {
  await signIn(page)
})
// Up to four uploads and a preview tab a test: 2-9 s beside the suite, up to 26 s on a loaded
// machine.
test.describe.configure({ timeout: 45_000 })

test('a valid package: every status text in order, then first in the list with every column right', async ({
  page,
}) => {
  await page.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { statusTexts: string[] }).statusTexts = seen
    new MutationObserver(() => {
      const text = document.querySelector('.status-text')?.textContent
      if (text && seen.at(-1) !== text) seen.push(text)
    }).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
  const name = uniqueName('banner')
  const zip = validPackage('e2e')
  await choose(page, name, zip)
  const first = page.locator('tbody tr').first()
  await expect(first.locator('td.filename')).toHaveText(name)
  const statuses = await page.evaluate(() => (window as unknown as { statusTexts: string[] }).statusTexts)
  expect(statuses.filter((s) => s !== 'Uploading file...')).toEqual([
    'Preparing upload...',
    'Preparing upload done.',
    'Upload complete.',
    'Validating package...',
  ])
  expect(statuses).toContain('Uploading file...')
  await expect(first.locator('td[data-label="File size"]')).toHaveText(`${zip.byteLength} B`)
  await expect(first.locator('td[data-label="Created at"]')).toHaveText(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/)
  const thumbnail = first.locator('td.thumb img')
  await expect(thumbnail).toHaveAttribute('width', '60')
  await expect(thumbnail).toHaveAttribute('height', '78')
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true)
  await expect(first.getByRole('button', { name: /^Preview/ })).toBeVisible()
  await expect(first.getByRole('link', { name: 'Download' })).toHaveAttribute('download', name)
})

test('the same name again: the dimmer, Keep both gives (2) in bold, Replace keeps the row id, a click outside cancels', async ({
  page,
}) => {
  const name = uniqueName('dup')
  await choose(page, name, validPackage('one'))
  await expect(row(page, name)).toHaveCount(1)
  const firstId = await row(page, name).getAttribute('data-package-id')

  await choose(page, name, validPackage('two'))
  const dimmer = page.getByTestId('filename-exists-dimmer')
  await expect(dimmer).toContainText(`Filename already exists: ${name}`)
  await expect(page.locator('.banner.warning')).toHaveCount(0)
  await page.getByRole('button', { name: 'Keep both' }).click()
  await expect(page.locator('tbody tr').first().locator('strong.version')).toHaveText('(2)')
  await expect(row(page, name)).toHaveCount(2)

  const newest = page.locator('tbody tr').first()
  const newestId = await newest.getAttribute('data-package-id')
  const newestUuid = await newest.getAttribute('data-uuid')
  const replacement = validPackage('three, a little longer than before')
  await choose(page, name, replacement)
  await page.getByRole('button', { name: 'Replace' }).click()
  await expect(page.locator('tbody tr').first()).not.toHaveAttribute('data-uuid', newestUuid!)
  await expect(page.locator('tbody tr').first()).toHaveAttribute('data-package-id', newestId!)
  await expect(page.locator('tbody tr').first().locator('td[data-label="File size"]')).toHaveText(
    `${replacement.byteLength} B`,
  )
  await expect(row(page, name)).toHaveCount(2)
  expect(firstId).not.toBe(newestId)

  await choose(page, name, validPackage('four'))
  await expect(dimmer).toBeVisible()
  await dimmer.click({ position: { x: 5, y: 5 } })
  await expect(dimmer).toHaveCount(0)
  await expect(row(page, name)).toHaveCount(2)
})

test('an invalid package shows the warning banner with its detail lines and is not listed', async ({
  page,
}) => {
  const name = uniqueName('no-mraid')
  await choose(page, name, packageWithoutMraid())
  const warning = page.locator('.banner.warning')
  await expect(warning).toContainText('The package is not a valid MRAID creative')
  await expect(warning.locator('li')).toHaveText([/does not load mraid\.js/])
  await expect(page.locator('.status-text')).toHaveText('Validationg failed')
  await expect(row(page, name)).toHaveCount(0)
  // The browser's own inspection said so too, before the server did.
  await expect(page.locator('.hints')).toContainText('not referenced')
})

test('a file that is not a zip is refused as such, in error colours, with no target verdicts', async ({
  page,
}) => {
  const name = uniqueName('renamed-rar')
  await choose(page, name, new TextEncoder().encode('Rar!\u001a\u0007\u0000 an archive, but not a zip'))
  const banner = page.locator('.banner.warning.refused')
  await expect(banner).toContainText('The file is not a readable zip')
  expect(await banner.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(
    await page.evaluate(() => {
      const probe = document.createElement('div')
      probe.className = 'banner error'
      document.body.append(probe)
      const colour = getComputedStyle(probe).backgroundColor
      probe.remove()
      return colour
    }),
  )
  const hints = page.locator('.hints')
  await expect(hints).toContainText('Inspection of')
  await expect(hints).not.toContainText('Delivery targets')
  await expect(hints).not.toContainText('Passes')
})

test('a non-zip and a drop of two files show the drop zone messages', async ({ page }) => {
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') })
  await expect(page.locator('.banner.error')).toContainText('File type must be')
  await page
    .locator('input[type=file]')
    .evaluate((input: HTMLInputElement) => input.setAttribute('multiple', ''))
  await page.locator('input[type=file]').setInputFiles([
    { name: 'a.zip', mimeType: 'application/zip', buffer: Buffer.from(validPackage()) },
    { name: 'b.zip', mimeType: 'application/zip', buffer: Buffer.from(validPackage()) },
  ])
  await expect(page.locator('.banner.error')).toContainText('Too many files')
  await expect(page.locator('.status-text')).toHaveCount(0)
})

test('a failing list fetch shows "Failed to fetch packages" with the message', async ({ page }) => {
  await page.route('**/ads-preview/trpc/packages.list**', (route) =>
    route.fulfill({ status: 503, body: 'down for maintenance' }),
  )
  await page.reload()
  const box = page.locator('.banner.error')
  await expect(box).toContainText('Failed to fetch packages')
  await expect(box).toContainText('cannot GET /ads-preview/trpc/packages.list (503)')
})

test('the preview dialog: its texts, a QR code of index_url, and Open preview opens a tab on it', async ({
  page,
}) => {
  const name = uniqueName('preview')
  await choose(page, name, validPackage())
  const target = row(page, name)
  await expect(target).toHaveCount(1)
  const uuid = await target.getAttribute('data-uuid')
  await target.getByRole('button', { name: /^Preview/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Preview' })
  await expect(dialog).toContainText('Scan with the Ads Preview client or iOS camera app.')
  await expect(dialog).toContainText('OR')
  await expect(dialog).toContainText('Open preview in new window.')
  const svg = dialog.locator('[data-testid=preview-qr] svg')
  await expect(svg).toHaveAttribute('width', '256')
  const png = await svg.screenshot()
  const decoded = await pngPixels(page, png)
  const qr = jsQR(decoded.data, decoded.width, decoded.height)
  const indexUrl = `${new URL(page.url()).origin}/ads-preview/preview/${uuid}/index.html`
  expect(qr?.data).toBe(indexUrl)

  const [tab] = await Promise.all([
    page.waitForEvent('popup'),
    dialog.getByRole('button', { name: 'Open preview' }).click(),
  ])
  await tab.waitForLoadState()
  expect(tab.url()).toBe(indexUrl)
  await expect(tab.locator('#ad')).toHaveText('Ad')
  // The creative ran with our MRAID host and got 'ready'.
  await expect(tab.locator('body')).toHaveAttribute('data-ready', '1')
})

test('download gives back the exact uploaded bytes under the filename', async ({ page }) => {
  const name = uniqueName('download')
  const zip = zipOf({ 'index.html': '<script src="mraid.js"></script><p>download me</p>' })
  await choose(page, name, zip)
  const target = row(page, name)
  await expect(target).toHaveCount(1)
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    target.getByRole('link', { name: 'Download' }).click(),
  ])
  expect(download.suggestedFilename()).toBe(name)
  const file = await download.path()
  expect(new Uint8Array(fs.readFileSync(file))).toEqual(zip)
})

test('delete asks first: Cancel keeps the row, Delete removes it', async ({ page }) => {
  const name = uniqueName('delete')
  await choose(page, name, validPackage())
  const target = row(page, name)
  await expect(target).toHaveCount(1)
  await target.getByRole('button', { name: `Delete ${name}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click()
  await expect(target).toHaveCount(1)
  await target.getByRole('button', { name: `Delete ${name}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
  await expect(target).toHaveCount(0)
  await page.reload()
  await expect(page.getByText('Drop package.zip here')).toBeVisible()
  await expect(row(page, name)).toHaveCount(0)
})
