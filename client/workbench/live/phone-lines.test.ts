// A phone's lines in the console: named by the phone's browser once it says what it is, moved
// onto this browser's clock, and shown as they came when a creative sends a detail of its own.
import { describe, expect, it } from 'vitest'
import { LIVE_LIMITS, type LiveStreamLine } from '../../../shared/live/live-session.ts'
import { OTHER_PHONES, phoneLine, phoneSources, phoneTitle } from './phone-lines.ts'

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
const PIXEL =
  'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36'

const line = (over: Partial<LiveStreamLine>): LiveStreamLine => ({
  id: 1,
  device: 'aaaaaaaa',
  at: 10_000,
  kind: 'event',
  detail: { event: 'ready', args: [] },
  ...over,
})

describe('phone lines', () => {
  it('names a phone by its order and its browser', () => {
    expect(phoneTitle(1, IPHONE)).toBe('Phone 1 (iPhone, Safari)')
    expect(phoneTitle(2, PIXEL)).toBe('Phone 2 (Android, Chrome)')
    expect(phoneTitle(3)).toBe('Phone 3')
  })

  it('adds a column per phone in the order they joined, titled once the device line arrives', () => {
    let sources = phoneSources([], line({ device: 'aaaaaaaa' }))
    sources = phoneSources(sources, line({ device: 'bbbbbbbb' }))
    sources = phoneSources(
      sources,
      line({ device: 'aaaaaaaa', kind: 'device', detail: { userAgent: IPHONE } }),
    )
    expect(sources).toEqual([
      { id: 'phone-aaaaaaaa', title: 'Phone 1 (iPhone, Safari)' },
      { id: 'phone-bbbbbbbb', title: 'Phone 2' },
    ])
  })

  it("moves the server's time onto this browser's clock and words it as this browser's run", () => {
    expect(phoneLine(line({}), 400, phoneSources([], line({})))).toEqual({
      id: 1,
      at: 9_600,
      kind: 'event',
      text: 'ready()',
      source: 'phone-aaaaaaaa',
    })
  })

  it('shows a detail of an unexpected shape as it came', () => {
    expect(phoneLine(line({ kind: 'device', detail: { cut: '{"orientation":' } }), 0, []).text).toBe(
      '{"cut":"{\\"orientation\\":"}',
    )
  })

  it('gives a creative that makes up 1,500 phones its columns, then one more for all the others', () => {
    let sources = phoneSources([], line({}))
    for (let phone = 0; phone < 1_500; phone++)
      sources = phoneSources(sources, line({ device: `made-up-${phone}` }))
    expect(sources).toHaveLength(LIVE_LIMITS.devicesPerSession + 1)
    expect(sources.at(-1)).toEqual(OTHER_PHONES)
    expect(phoneLine(line({ device: 'made-up-1499' }), 0, sources).source).toBe(OTHER_PHONES.id)
    expect(phoneLine(line({ device: 'aaaaaaaa' }), 0, sources).source).toBe('phone-aaaaaaaa')
  })
})
