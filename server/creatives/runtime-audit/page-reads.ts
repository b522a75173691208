// Reading from and talking to a creative's page without trusting it to answer: every call is
// a string expression (nothing of the bundler's output is serialised into the page) and gives
// up after a deadline, since a busy creative never answers.

import type { Page } from 'playwright-core'
import { CONTAINER_MESSAGE_SOURCE } from '../../../shared/mraid/host-protocol.ts'
import { PROBE_GLOBAL, type ProbeNotes } from './probe-script.ts'

export const ANSWER_WITHIN_MS = 2000

export function within<T>(promise: Promise<T>, ms = ANSWER_WITHIN_MS): Promise<T | undefined> {
  return Promise.race([
    promise.catch(() => undefined),
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms)),
  ])
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export function readNotes(page: Page): Promise<ProbeNotes | undefined> {
  return within(page.evaluate(`window.${PROBE_GLOBAL} ? window.${PROBE_GLOBAL}.read() : undefined`))
}

/** What the container does: sets the ad viewable or not (the host listens to its parent, here itself). */
export function setViewable(page: Page, viewable: boolean): Promise<number | undefined> {
  const message = JSON.stringify({ source: CONTAINER_MESSAGE_SOURCE, type: 'viewable', value: viewable })
  return within(page.evaluate(`(window.postMessage(${message}, '*'), Math.round(performance.now()))`))
}

/** The app closes the ad: hidden, and mraid.close() as the SDK's close button would call it. */
export async function closeAd(page: Page): Promise<number | undefined> {
  const at = await setViewable(page, false)
  await within(page.evaluate(`try { window.mraid && window.mraid.close() } catch (e) {}`))
  return at
}

export function domContentLoadedEnd(page: Page): Promise<number | null | undefined> {
  return within(
    page.evaluate(
      `(function () { var n = performance.getEntriesByType('navigation')[0]; return n && n.domContentLoadedEventEnd ? Math.round(n.domContentLoadedEventEnd) : null })()`,
    ),
  )
}
