// The IAB MRAID 3.0 load-and-events compliance ad (../shared/corpus), walked through its six
// steps as a person does, and its own log read back: it logs "CHECK: ..." for every check that
// holds and "FAIL: ..." for every one that does not.
import fs from 'node:fs'
import path from 'node:path'
import { expect, type FrameLocator, type Page } from '@playwright/test'

export const IAB_LOAD_AND_EVENTS = 'iab-mraid3-loadandevents'

/** Every check the ad makes, in the order it makes them. */
export const IAB_CHECKS = [
  'CHECK: Detected MRAID_ENV',
  'CHECK: In loading state.',
  'CHECK: State is default after ready',
  'CHECK: Variables check upon stateChange after expand',
  'CHECK: Variables check upon stateChange after manual close',
  'CHECK: Variables check upon sizeChange after expand',
  'CHECK: Variables check upon sizeChange after ad close',
]

export function iabZip(corpusDir: string): Buffer {
  return fs.readFileSync(path.join(corpusDir, `${IAB_LOAD_AND_EVENTS}.zip`))
}

/** The ad's log, oldest line first, without its timestamps. */
export async function iabLog(ad: Page | FrameLocator): Promise<string[]> {
  const lines = await ad.locator('#log').evaluate((log) =>
    Array.from(log.childNodes)
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent ?? ''),
  )
  return lines.reverse().map((line) => line.replace(/^\d+: /, ''))
}

/** Expand, the SDK's close, expand, the ad's close, the log, unload: every step the ad offers. */
export async function walkIabSteps(ad: Page | FrameLocator): Promise<string[]> {
  await ad.getByText('Tap For Expand/stateChange Check').click()
  const sdkClose = ad.getByText('Tap SDK Close Button')
  await expect(sdkClose).toBeVisible()
  // The workbench grows the ad's frame to the expanded size a render after the ad expands; a
  // click aimed while it grows lands beside the close control, so it is aimed again.
  await expect(async () => {
    await ad.locator('[data-mraid-close-region]').click({ timeout: 2000 })
    await expect(sdkClose).toBeHidden({ timeout: 1000 })
  }).toPass()
  await ad.getByText('Tap For Expand/sizeChange Check').click()
  await ad.getByText('Tap To Close Expand').click()
  await ad.getByText('Tap To Check Logs').click()
  await ad.getByText('Tap To Unload').click()
  await expect
    .poll(async () => (await iabLog(ad)).filter((line) => line.startsWith('CHECK')).length)
    .toBe(IAB_CHECKS.length)
  return iabLog(ad)
}

/** What the report says: the CHECK lines reached and any FAIL line. */
export function checksOf(log: string[]) {
  return {
    checks: log.filter((line) => line.startsWith('CHECK')),
    fails: log.filter((line) => line.startsWith('FAIL')),
  }
}
