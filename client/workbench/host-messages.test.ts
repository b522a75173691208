import { describe, expect, it } from 'vitest'
import { type HostMessage, isHostMessage } from '../../shared/mraid/host-protocol.ts'
import { adBox, describeHostMessage } from './host-messages.ts'

const screen = { width: 390, height: 844 }

describe('the workbench container', () => {
  it('places an inline ad, its expanded and resized states, and an interstitial', () => {
    const size = { width: 320, height: 50 }
    expect(adBox('default', 'inline', size, screen, null)).toEqual({ x: 35, y: 64, width: 320, height: 50 })
    expect(adBox('expanded', 'inline', size, screen, null)).toEqual({ x: 0, y: 0, ...screen })
    expect(
      adBox('resized', 'inline', size, screen, { width: 320, height: 250, offsetX: 0, offsetY: 10 }),
    ).toEqual({
      x: 35,
      y: 74,
      width: 320,
      height: 250,
    })
    expect(adBox('default', 'interstitial', { width: 320, height: 480 }, screen, null)).toEqual({
      x: 0,
      y: 0,
      ...screen,
    })
  })

  it('reads only the host messages and describes them as console lines', () => {
    expect(isHostMessage({ source: 'somebody-else' })).toBe(false)
    const call = {
      source: 'ads-preview-mraid',
      kind: 'call',
      detail: { method: 'expand', args: [] },
    } satisfies HostMessage
    expect(isHostMessage(call)).toBe(true)
    expect(describeHostMessage(call)).toBe('mraid.expand()')
    expect(
      describeHostMessage({
        source: 'ads-preview-mraid',
        kind: 'error',
        detail: { action: 'resize', message: 'Call setResizeProperties before resize' },
      }),
    ).toBe('resize: Call setResizeProperties before resize')
  })
})
