// Each SDK profile answers the creative as that SDK does (shared/mraid/host-profiles.ts).
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TEST_LOCATION } from '../shared/mraid/host-profiles.ts'
import { mraidHostScript } from '../tests/setup/built-once.ts'
import { loadHost } from './fake-window.ts'

const HOST = await mraidHostScript()
type Mraid = Record<string, ((...args: unknown[]) => unknown) | undefined>

function run(profile: string, placement = 'inline') {
  const fake = loadHost(HOST, { framed: true, search: `?profile=${profile}&placement=${placement}` })
  const mraid = fake.window.mraid as Mraid
  const heard: string[] = []
  for (const event of ['error', 'viewableChange', 'exposureChange'])
    mraid.addEventListener!(event, (...args: unknown[]) =>
      heard.push(`${event}:${args.slice(-1)[0] ?? args[0]}`),
    )
  return {
    ...fake,
    mraid,
    heard,
    events: () => fake.reports.filter((r) => r.kind === 'event').map((r) => r.detail.event),
  }
}

afterEach(() => vi.useRealTimers())

describe('host profiles', () => {
  it('IAB MRAID 3.0: every MRAID_ENV field, a location, both viewability events', async () => {
    vi.useFakeTimers()
    const ad = run('mraid3')
    expect(ad.window.MRAID_ENV).toMatchObject({
      version: '3.0',
      sdk: 'Ads Preview',
      ifa: expect.any(String),
      coppa: false,
    })
    expect(ad.mraid.getVersion!()).toBe('3.0')
    expect(ad.mraid.supports!('location')).toBe(true)
    expect(ad.mraid.getLocation!()).toEqual(TEST_LOCATION)
    await vi.advanceTimersByTimeAsync(10)
    ad.send({ type: 'viewable', value: false })
    expect(ad.events()).toEqual(expect.arrayContaining(['viewableChange', 'exposureChange']))
  })

  it('Google Mobile Ads: MRAID_ENV without the optional fields, getLocation -1, its close control always', async () => {
    vi.useFakeTimers()
    const ad = run('gma')
    expect(ad.window.MRAID_ENV).toEqual({
      version: '3.0',
      sdk: 'Google Mobile Ads',
      sdkVersion: expect.any(String),
    })
    expect(ad.mraid.supports!('location')).toBe(false)
    expect(ad.mraid.getLocation!()).toBe(-1)
    await vi.advanceTimersByTimeAsync(10)
    ad.mraid.useCustomClose!(true)
    ad.mraid.setExpandProperties!({ useCustomClose: true })
    ad.mraid.expand!()
    expect(ad.closeRegion()).toBeDefined()
  })

  it('AppLovin: MRAID 2.0, no MRAID_ENV, no MRAID 3.0 events or methods, an interstitial by default', async () => {
    vi.useFakeTimers()
    const ad = run('applovin', 'interstitial')
    expect(ad.window.MRAID_ENV).toBeUndefined()
    expect(ad.mraid.getVersion!()).toBe('2.0')
    expect(ad.mraid.getLocation).toBeUndefined()
    expect(ad.mraid.unload).toBeUndefined()
    expect(ad.heard).toEqual(['error:addEventListener'])
    await vi.advanceTimersByTimeAsync(10)
    expect(ad.closeRegion()).toBeDefined()
    ad.send({ type: 'viewable', value: false })
    expect(ad.heard.slice(1)).toEqual(['viewableChange:true', 'viewableChange:false'])
    expect(ad.events()).not.toContain('exposureChange')
  })

  it('Unity Ads: loaded out of sight, viewableChange(true) once shown, its close control after 5 s', async () => {
    vi.useFakeTimers()
    const ad = run('unity', 'interstitial')
    await vi.advanceTimersByTimeAsync(10)
    expect(ad.mraid.getState!()).toBe('default')
    expect(ad.mraid.isViewable!()).toBe(false)
    await vi.advanceTimersByTimeAsync(1000)
    expect(ad.heard).toContain('viewableChange:true')
    expect(ad.closeRegion()).toBeUndefined()
    await vi.advanceTimersByTimeAsync(4000)
    expect(ad.closeRegion()).toBeDefined()
  })

  it('ironSource: MRAID 2.0, its own close control at once whatever useCustomClose says', async () => {
    vi.useFakeTimers()
    const ad = run('ironsource', 'interstitial')
    ad.mraid.useCustomClose!(true)
    await vi.advanceTimersByTimeAsync(10)
    expect(ad.mraid.getVersion!()).toBe('2.0')
    expect(ad.closeRegion()).toBeDefined()
  })
})
