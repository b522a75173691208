// The first run: the ad loads not yet viewable, becomes viewable after a second, is tapped at
// its centre (up to three times, until it makes a CTA call), then closed. It answers when mraid
// was ready, whether sound started before it was viewable or after it was closed, whether the
// first tap opened a store link, and which CTA call the creative made.
import type { AuditFigures } from '../../../shared/targets/types.ts'
import type { AuditPage } from './audit-page.ts'
import { ANSWER_WITHIN_MS, closeAd, pause, readNotes, setViewable, within } from './page-reads.ts'
import type { ProbeNotes } from './probe-script.ts'

const LOAD_WITHIN_MS = 5000
const NOT_VIEWABLE_MS = 1000
const BEFORE_TAP_MS = 1500
const AFTER_TAP_MS = 700
const TAPS = 3
const AFTER_CLOSE_MS = 1000

/**
 * The run's own steps, each at its deadline (every read and tap gives up after ANSWER_WITHIN_MS):
 * the longest a creative that answers, however slowly, can keep the run. Its render budget is
 * this and a margin, so a loaded machine slows the run down without failing the audit.
 */
export const INTERACTION_STEPS_MS =
  LOAD_WITHIN_MS +
  NOT_VIEWABLE_MS +
  ANSWER_WITHIN_MS + // viewable
  BEFORE_TAP_MS +
  ANSWER_WITHIN_MS + // the calls before the first tap
  TAPS * (ANSWER_WITHIN_MS + AFTER_TAP_MS + ANSWER_WITHIN_MS) + // tap, wait, the calls since
  2 * ANSWER_WITHIN_MS + // hidden, then mraid.close()
  AFTER_CLOSE_MS +
  ANSWER_WITHIN_MS // the notes

const CTA_CALLS = new Set([
  'mraid.open',
  'window.open',
  'location assignment',
  'FbPlayableAd.onCTAClick',
  'install',
  "postMessage('download')",
])
const STORE_URL =
  /^(?:https?:\/\/(?:apps\.apple\.com|itunes\.apple\.com|play\.google\.com)\/|market:|itms-apps?s?:)/i
/** Calls that lead to the store whatever their URL: the network's container opens it. */
const STORE_CALLS = new Set(['FbPlayableAd.onCTAClick', 'install', "postMessage('download')"])

/** Figures the run could not take (a page that stopped answering) are left out. */
export type InteractionFigures = Partial<
  Pick<
    AuditFigures,
    'readyMs' | 'audioBeforeViewable' | 'audioAfterClose' | 'firstTapOpensStore' | 'ctaCall' | 'ctaUrl'
  >
> & { errors: string[]; consoleErrors: string[] }

export const UNRESPONSIVE =
  'The page stopped answering (its main thread stayed busy): the taps were not made.'

type Call = ProbeNotes['calls'][number]

export async function runInteraction(
  { page, refusedNavigations }: AuditPage,
  url: string,
): Promise<InteractionFigures> {
  // A document that does not even finish parsing in 5 s has a script that never yields.
  const loaded = await within(page.goto(url, { waitUntil: 'domcontentloaded' }), LOAD_WITHIN_MS)
  if (!loaded) return { errors: [UNRESPONSIVE], consoleErrors: [] }
  await pause(NOT_VIEWABLE_MS)
  const viewableAt = await setViewable(page, true)
  if (viewableAt === undefined) return { errors: [UNRESPONSIVE], consoleErrors: [] }
  await pause(BEFORE_TAP_MS)
  const viewport = page.viewportSize() ?? { width: 320, height: 480 }
  const callsNow = async (): Promise<Call[]> => {
    const notes = await readNotes(page)
    const navigations = refusedNavigations().map((target) => ({
      at: 0,
      call: 'location assignment',
      url: target,
    }))
    return [...(notes?.calls ?? []), ...navigations]
  }
  let seen = (await callsNow()).length
  let firstTap: Call[] = []
  let cta: Call | undefined
  for (let tap = 0; tap < TAPS && !cta; tap++) {
    await within(page.touchscreen.tap(viewport.width / 2, viewport.height / 2))
    await pause(AFTER_TAP_MS)
    const calls = await callsNow()
    const fresh = calls.slice(seen)
    seen = calls.length
    if (tap === 0) firstTap = fresh
    cta = fresh.find((call) => CTA_CALLS.has(call.call))
  }
  const closedAt = await closeAd(page)
  await pause(AFTER_CLOSE_MS)
  const notes = await readNotes(page)
  if (!notes) return { errors: [UNRESPONSIVE], consoleErrors: [] }
  const audio = notes.audio
  return {
    readyMs: notes.readyAt,
    audioBeforeViewable: audio.some((sound) => sound.at < viewableAt),
    audioAfterClose: notes.audible || audio.some((sound) => closedAt !== undefined && sound.at > closedAt),
    firstTapOpensStore: firstTap.some(
      (call) => CTA_CALLS.has(call.call) && (STORE_CALLS.has(call.call) || STORE_URL.test(call.url ?? '')),
    ),
    ctaCall: cta?.call ?? null,
    ctaUrl: cta?.url ?? null,
    errors: notes.errors,
    consoleErrors: notes.consoleErrors,
  }
}
