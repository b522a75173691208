// What the package-screen tests do again and again: choose a file, find a package's row.
import type { Page } from '@playwright/test'

let counter = 0
/** A name no other test uses, so tests running side by side do not see each other's packages change. */
export function uniqueName(stem: string): string {
  counter++
  return `${stem}-${process.pid}-${Date.now()}-${counter}.zip`
}

export async function choose(page: Page, name: string, bytes: Uint8Array, mimeType = 'application/zip') {
  await page.locator('input[type=file]').setInputFiles({ name, mimeType, buffer: Buffer.from(bytes) })
}

export function row(page: Page, filename: string) {
  return page.locator('tbody tr').filter({ has: page.locator('td.filename', { hasText: filename }) })
}

/** Whether the element focused now lies inside what `selector` matches. */
export function focusIsIn(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((s) => Boolean(document.activeElement?.closest(s)), selector)
}
