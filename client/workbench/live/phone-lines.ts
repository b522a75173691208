// A phone's line as the console shows it: the same words as this browser's run
// (host-messages.ts), in the phone's column, moved onto this browser's clock. A phone's line
// comes from a creative, so a detail of an unexpected shape is shown as it came, not trusted.
import type { LiveStreamLine } from '../../../shared/live/live-session.ts'
import type { HostMessage } from '../../../shared/mraid/host-protocol.ts'
import type { ConsoleSource, LogLine } from '../console-lines.ts'
import { describeHostMessage } from '../host-messages.ts'

export const phoneSourceId = (device: string) => `phone-${device}`

export function phoneLine(line: LiveStreamLine, clockOffset: number): LogLine {
  let text: string
  try {
    text = describeHostMessage({ kind: line.kind, detail: line.detail } as HostMessage)
  } catch {
    text = JSON.stringify(line.detail)
  }
  return { id: line.id, at: line.at - clockOffset, kind: line.kind, text, source: phoneSourceId(line.device) }
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

/** The phones' columns, in the order they joined, titled once their device line arrived. */
export function phoneSources(
  current: readonly ConsoleSource[],
  line: LiveStreamLine,
): readonly ConsoleSource[] {
  const id = phoneSourceId(line.device)
  const index = current.findIndex((source) => source.id === id)
  const userAgent =
    line.kind === 'device' ? String((line.detail as { userAgent?: unknown })?.userAgent ?? '') : undefined
  if (index < 0) return [...current, { id, title: phoneTitle(current.length + 1, userAgent) }]
  if (!userAgent || current[index]!.title.includes('(')) return current
  return current.map((source, i) => (i === index ? { id, title: phoneTitle(index + 1, userAgent) } : source))
}
