// The bundled MRAID host script, run in a small fake window (node:vm): the state machine of
// MRAID 2.0/3.0 and an error event, with the method's name as action, for every invalid call.
import { describe, expect, it, vi } from 'vitest'
import { mraidHostScript } from '../tests/setup/built-once.ts'
import { loadHost, tick } from './fake-window.ts'

const HOST = await mraidHostScript()

function host(search = '') {
  const fake = loadHost(HOST, { search })
  const mraid = fake.window.mraid as Record<string, (...args: unknown[]) => unknown>
  const events: unknown[][] = []
  for (const event of ['ready', 'error', 'stateChange', 'sizeChange', 'viewableChange']) {
    mraid.addEventListener!(event, (...args: unknown[]) => events.push([event, ...args]))
  }
  return {
    ...fake,
    mraid,
    events,
    ready: tick(),
    errors: () => events.filter((e) => e[0] === 'error').map((e) => e[2]),
  }
}

describe('the MRAID host', () => {
  it('defines MRAID_ENV, says version 3.0, and goes from loading to default with ready', async () => {
    const { window, mraid, events, ready } = host()
    expect(window.MRAID_ENV).toMatchObject({ version: '3.0', sdk: 'Ads Preview' })
    expect(mraid.getVersion!()).toBe('3.0')
    expect(mraid.getState!()).toBe('loading')
    await ready
    expect(mraid.getState!()).toBe('default')
    expect(events.map((e) => e[0])).toEqual(['stateChange', 'ready', 'viewableChange'])
    expect(mraid.getPlacementType!()).toBe('inline')
  })

  it('expands from default, shows the 50x50 close region, and closes back to default', async () => {
    const { mraid, events, body, ready, closeRegion } = host()
    await ready
    events.length = 0
    mraid.expand!()
    expect(mraid.getState!()).toBe('expanded')
    // sizeChange follows once the container has resized the view: a condition, not a delay.
    await vi.waitFor(() => expect(events.map((e) => e[0])).toEqual(['stateChange', 'sizeChange']))
    expect(closeRegion()!.style.cssText).toContain('width:50px;height:50px')
    closeRegion()!.click()
    expect(mraid.getState!()).toBe('default')
    expect(body.children).toHaveLength(0)
  })

  it('fires an error with the method as action for every invalid call', async () => {
    const { mraid, ready, errors } = host()
    mraid.close!()
    await ready
    mraid.expand!()
    mraid.expand!()
    mraid.resize!()
    mraid.close!()
    mraid.resize!()
    mraid.addEventListener!('noSuchEvent', () => {})
    mraid.setResizeProperties!({ width: 20, height: 20, offsetX: 0, offsetY: 0 })
    mraid.setResizeProperties!({ width: 300, height: 250, offsetX: 200, offsetY: 0 })
    mraid.storePicture!('https://example.com/a.png')
    mraid.createCalendarEvent!({})
    mraid.open!('')
    mraid.setOrientationProperties!({ forceOrientation: 'sideways' })
    expect(errors()).toEqual([
      'close',
      'expand',
      'resize',
      'resize',
      'addEventListener',
      'setResizeProperties',
      'setResizeProperties',
      'storePicture',
      'createCalendarEvent',
      'open',
      'setOrientationProperties',
    ])
  })

  it('resizes once the resize properties are set, and closes back to default', async () => {
    const { mraid, ready, errors } = host()
    await ready
    mraid.setResizeProperties!({ width: 300, height: 250, offsetX: 0, offsetY: 0 })
    mraid.resize!()
    expect(mraid.getState!()).toBe('resized')
    expect(mraid.getResizeProperties!()).toMatchObject({
      width: 300,
      height: 250,
      customClosePosition: 'top-right',
    })
    mraid.close!()
    expect(mraid.getState!()).toBe('default')
    expect(errors()).toEqual([])
  })

  it('an interstitial refuses expand and resize and closes to hidden', async () => {
    const { mraid, ready, errors } = host('?placement=interstitial')
    await ready
    expect(mraid.getPlacementType!()).toBe('interstitial')
    mraid.expand!()
    mraid.resize!()
    mraid.close!()
    expect(mraid.getState!()).toBe('hidden')
    expect(errors()).toEqual(['expand', 'resize'])
  })

  it('tells a new exposureChange or audioVolumeChange listener the current value', async () => {
    const { mraid, ready } = host()
    await ready
    const exposure = vi.fn()
    const volume = vi.fn()
    mraid.addEventListener!('exposureChange', exposure)
    mraid.addEventListener!('audioVolumeChange', volume)
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(exposure).toHaveBeenCalledWith(100, expect.objectContaining({ width: 320, height: 480 }), null)
    expect(volume).toHaveBeenCalledWith(100)
  })

  it('copies the listeners before dispatch: one removing itself does not make the next miss the event', async () => {
    const { mraid, ready } = host()
    const second = vi.fn()
    const first = () => mraid.removeEventListener!('stateChange', first)
    mraid.addEventListener!('stateChange', first)
    mraid.addEventListener!('stateChange', second)
    await ready
    expect(second).toHaveBeenCalledWith('default')
  })

  it('opens clickthroughs synchronously, and unload hides the ad', async () => {
    const { window, mraid, ready } = host()
    await ready
    mraid.open!('https://example.com/landing')
    expect(window.open).toHaveBeenCalledWith('https://example.com/landing', '_blank')
    mraid.unload!()
    expect(mraid.getState!()).toBe('hidden')
  })
})
