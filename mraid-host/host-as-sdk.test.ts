// The host behaves like an SDK's web view: ready after the page has loaded, an SDK's own mraid
// left alone, and a rotation played by the container fires orientationchange and sizeChange
// with the new geometry instead of reloading the ad.
import { describe, expect, it } from 'vitest'
import { mraidHostScript } from '../tests/setup/built-once.ts'
import { loadHost, tick } from './fake-window.ts'

const HOST = await mraidHostScript()
type Mraid = Record<string, (...args: unknown[]) => unknown>

describe('the host as an SDK', () => {
  it('stays loading until the page has loaded and the creative’s own load listeners ran', async () => {
    const fake = loadHost(HOST, { readyState: 'loading' })
    const mraid = fake.window.mraid as Mraid
    const seenAtLoad: unknown[] = []
    fake.on('load', () => seenAtLoad.push(mraid.getState!()))
    await tick()
    expect(mraid.getState!()).toBe('loading')
    fake.load()
    expect(seenAtLoad).toEqual(['loading'])
    await tick()
    expect(mraid.getState!()).toBe('default')
  })

  it('leaves an SDK’s own mraid in place, and loads once when the creative loads mraid.js again', () => {
    const own = { getVersion: () => '3.0' }
    const fake = loadHost(HOST, { mraid: own })
    expect(fake.window.mraid).toBe(own)
    expect(fake.window.MRAID_ENV).toBeUndefined()
  })

  it('plays a rotation: window.orientation, orientationchange, the new screen, and sizeChange once resized', async () => {
    const fake = loadHost(HOST, {
      framed: true,
      search: '?screen=390x844&max=390x844&orientation=portrait&safe=47,0,34,0',
    })
    const mraid = fake.window.mraid as Mraid
    await tick()
    expect(fake.window.orientation).toBe(0)
    expect(fake.reports.find((r) => r.kind === 'device')?.detail).toMatchObject({
      orientation: 'portrait',
      screen: { width: 390, height: 844 },
      safeArea: { top: 47, right: 0, bottom: 34, left: 0 },
      userAgent: 'FakeBrowser/1.0',
    })
    mraid.expand!()
    fake.resize(390, 844)
    await tick()
    const sizes: unknown[] = []
    let turned = 0
    fake.on('orientationchange', () => turned++)
    mraid.addEventListener!('sizeChange', (width: unknown, height: unknown) =>
      sizes.push([width, height, mraid.getScreenSize!(), mraid.getCurrentPosition!()]),
    )
    fake.reports.length = 0

    fake.send({
      type: 'device',
      orientation: 'landscape',
      screen: { width: 844, height: 390 },
      maxSize: { width: 844, height: 390 },
      safeArea: { top: 0, right: 47, bottom: 21, left: 47 },
    })
    expect(turned).toBe(1)
    expect(fake.window.orientation).toBe(90)
    expect(mraid.getCurrentAppOrientation!()).toEqual({ orientation: 'landscape', locked: false })
    expect(mraid.getMaxSize!()).toEqual({ width: 844, height: 390 })
    expect(fake.reports.map((r) => r.kind)).toEqual(['device'])
    fake.resize(844, 390)
    await tick()
    expect(sizes).toEqual([[844, 390, { width: 844, height: 390 }, { x: 0, y: 0, width: 844, height: 390 }]])
    expect(mraid.getState!()).toBe('expanded')
  })

  it('knows where the container put the web view', async () => {
    const fake = loadHost(HOST, { framed: true })
    const mraid = fake.window.mraid as Mraid
    await tick()
    fake.send({ type: 'position', x: 35, y: 64 })
    expect(mraid.getDefaultPosition!()).toEqual({ x: 35, y: 64, width: 320, height: 480 })
    expect(mraid.getCurrentPosition!()).toEqual({ x: 35, y: 64, width: 320, height: 480 })
  })
})
