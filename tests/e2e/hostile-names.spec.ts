// A dropped file named with bidi controls (a disguised file type): "invoice\u202Egpj.exe.zip" would read
// "invoicepiz.exe.jpg"; the screen shows it without them in the inspection, the success
// message, the list and the name-conflict question.
import { expect, test } from '@playwright/test'
import { validPackage } from '../fixtures/packages.ts'
import { choose, row } from '../helpers/package-screen.ts'
import { signIn } from '../helpers/sign-in.ts'

test('a name with bidi controls is shown without them everywhere on the package screen', async ({ page }) => {
  await signIn(page)
  const stem = `invoice-${process.pid}-${Date.now()}`
  const spoofed = `${stem}\u202Egpj.exe.zip`
  const shown = `${stem}gpj.exe.zip`
  await choose(page, spoofed, validPackage('bidi'))
  await expect(row(page, shown).locator('td.filename')).toHaveText(shown)
  await expect(page.getByTestId('upload-success')).toContainText(`Uploaded ${shown}`)
  await expect(page.getByRole('heading', { name: `Inspection of ${shown}` })).toBeVisible()
  await choose(page, spoofed, validPackage('bidi again'))
  await expect(page.getByTestId('filename-exists-dimmer')).toContainText(`Filename already exists: ${shown}`)
  const text = await page.locator('main').innerText()
  expect(text).not.toMatch(/[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/)
})
