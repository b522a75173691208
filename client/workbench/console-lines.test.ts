import { expect, it } from 'vitest'
import { clockText, consoleText, type LogLine } from './console-lines.ts'

it('tells each line’s time on one clock and writes the lines as text for copying or saving', () => {
  expect(clockText(1_012_345, 1_000_000)).toBe('+12.345 s')
  expect(clockText(999_500, 1_000_000)).toBe('-0.500 s')
  const lines: LogLine[] = [
    { id: 1, at: 1_000_100, kind: 'call', text: 'mraid.expand()', source: 'here' },
    { id: 2, at: 1_000_250, kind: 'event', text: 'stateChange("expanded")', source: 'phone-1' },
  ]
  const sources = [
    { id: 'here', title: 'This browser' },
    { id: 'phone-1', title: 'iPhone, Safari 17' },
  ]
  expect(consoleText(lines, sources, 1_000_000)).toBe(
    '+0.100 s\tThis browser\tcall\tmraid.expand()\n+0.250 s\tiPhone, Safari 17\tevent\tstateChange("expanded")',
  )
})
