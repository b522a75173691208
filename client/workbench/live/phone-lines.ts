// A phone's line as the console shows it: the same words as this browser's run
// (host-messages.ts), in the phone's column, moved onto this browser's clock. A phone's line
// comes from a creative, so a detail of an unexpected shape is shown as it came, not trusted,
// and the phones it claims to be are bounded: past LIVE_LIMITS.devicesPerSession columns (what
// the server takes; an older server or a bug may send more), every other phone shares one.
import { LIVE_LIMITS, type LiveStreamLine } from '../../../shared/live/live-session.ts'
import type { HostMessage } from '../../../shared/mraid/host-protocol.ts'
import type { ConsoleSource, LogLine } from '../console-lines.ts'
import { describeHostMessage } from '../host-messages.ts'

export const phoneSourceId = (device: string) => `phone-${device}`

/** The one column of every phone past the limit. */
export const OTHER_PHONES: ConsoleSource = { id: 'phone-others', title: 'Other phones' }

/** The column a phone's lines go in, given the columns so far (phoneSources). */
function columnOf(sources: readonly ConsoleSource[], device: string): string {
  const id = phoneSourceId(device)
  return sources.some((source) => source.id === id) ? id : OTHER_PHONES.id
}

export function phoneLine(
  line: LiveStreamLine,
  clockOffset: number,
  sources: readonly ConsoleSource[],
): LogLine {
  let text: string
  try {
    text = describeHostMessage({ kind: line.kind, detail: line.detail } as HostMessage)
  } catch {
    text = JSON.stringify(line.detail)
  }
  return {
    id: line.id,
    at: line.at - clockOffset,
    kind: line.kind,
    text,
    source: columnOf(sources, line.device),
  }
}

/** "Phone 1 (iPhone, Safari)": its order of joining, and what its browser says it is. */
export function phoneTitle(index: number, userAgent?: string): string {
  if (!userAgent) return `Phone ${index}`
  const device =
    /iPad/.exec(userAgent)?.[0] ??
    /iPhone/.exec(userAgent)?.[0] ??
    (/Android/.test(userAgent) ? 'Android' : /Mobile/.test(userAgent) ? 'mobile' : 'desktop')
  const browser = /CriOS|Chrome/.test(userAgent)
    ? 'Chrome'
    : /FxiOS|Firefox/.test(userAgent)
      ? 'Firefox'
      : /Safari/.test(userAgent)
        ? 'Safari'
        : 'browser'
  return `Phone ${index} (${device}, ${browser})`
}

/**
 * The phones' columns, in the order they joined, titled once their device line arrived; at most
 * LIVE_LIMITS.devicesPerSession of them, then OTHER_PHONES.
 */
export function phoneSources(
  current: readonly ConsoleSource[],
  line: LiveStreamLine,
): readonly ConsoleSource[] {
  const id = phoneSourceId(line.device)
  const index = current.findIndex((source) => source.id === id)
  const userAgent =
    line.kind === 'device' ? String((line.detail as { userAgent?: unknown })?.userAgent ?? '') : undefined
  if (index < 0) {
    const phones = current.filter((source) => source.id !== OTHER_PHONES.id)
    if (phones.length < LIVE_LIMITS.devicesPerSession)
      return [...phones, { id, title: phoneTitle(phones.length + 1, userAgent) }]
    return current.some((source) => source.id === OTHER_PHONES.id) ? current : [...current, OTHER_PHONES]
  }
  if (!userAgent || current[index]!.title.includes('(')) return current
  return current.map((source, i) => (i === index ? { id, title: phoneTitle(index + 1, userAgent) } : source))
}
