import { describe, expect, it } from 'vitest'
import { type HostMessage, isHostMessage } from '../../shared/mraid/host-protocol.ts'
import { deviceGeometry } from './devices.ts'
import { adBox, describeHostMessage } from './host-messages.ts'

const phone = deviceGeometry('iphone-15', 'portrait')

describe('the workbench container', () => {
  it('plays a device: its screen turned for landscape, its safe area as the most an ad may grow to', () => {
    expect(phone).toMatchObject({
      screen: { width: 393, height: 852 },
      safeArea: { top: 59, right: 0, bottom: 34, left: 0 },
      maxSize: { width: 393, height: 759 },
    })
    expect(deviceGeometry('iphone-15', 'landscape')).toMatchObject({
      screen: { width: 852, height: 393 },
      maxSize: { width: 734, height: 372 },
    })
  })

  it('places an inline ad under the status bar, its expanded and resized states, and an interstitial', () => {
    const size = { width: 320, height: 50 }
    expect(adBox('default', 'inline', size, phone, null)).toEqual({ x: 37, y: 115, width: 320, height: 50 })
    expect(adBox('expanded', 'inline', size, phone, null)).toEqual({ x: 0, y: 59, width: 393, height: 759 })
    expect(
      adBox('resized', 'inline', size, phone, { width: 320, height: 250, offsetX: 0, offsetY: 10 }),
    ).toEqual({ x: 37, y: 125, width: 320, height: 250 })
    expect(adBox('default', 'interstitial', { width: 320, height: 480 }, phone, null)).toEqual({
      x: 0,
      y: 0,
      width: 393,
      height: 852,
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
  it('says who closed the ad, shows dialogs as lines, and names an orientation the ad forces', () => {
    const line = (kind: HostMessage['kind'], detail: unknown) =>
      describeHostMessage({ source: 'ads-preview-mraid', kind, detail } as HostMessage)
    expect(line('call', { method: 'close', args: [], by: 'host' })).toBe('closed by the host’s close control')
    expect(line('call', { method: 'close', args: [], by: 'ad' })).toBe('mraid.close(): closed by the ad')
    expect(line('console', { level: 'alert', message: 'You won!' })).toBe('alert: You won!')
    expect(line('console', { level: 'prompt', message: 'Your name?' })).toBe('prompt: Your name?')
    expect(
      line('device', {
        orientation: 'landscape',
        screen: { width: 852, height: 393 },
        maxSize: { width: 734, height: 372 },
        viewport: { width: 852, height: 393 },
        safeArea: { top: 0, right: 59, bottom: 21, left: 59 },
        userAgent: 'x',
        pixelRatio: 3,
        forced: 'landscape',
        locked: true,
      }),
    ).toMatch(/, forced landscape, locked$/)
  })
})
