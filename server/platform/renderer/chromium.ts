// Debian's Chromium, for thumbnails and the end-to-end tests (Playwright cannot download its
// own browsers on these machines). Without the background-networking switches Chromium keeps
// dialling out, which a closed network answers with refusals.
import fs from 'node:fs'

const CHROMIUM_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
]

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export function findChromium(configured: string | undefined): string | undefined {
  if (configured) return fs.existsSync(configured) ? configured : undefined
  return CHROMIUM_CANDIDATES.find((candidate) => fs.existsSync(candidate))
}
