// Where the reference SDK bridges agree (shared/mraid/host-behaviours.ts), the host answers as
// they do under every profile: viewability after ready, hiding, resize defaults, orientation,
// two-part expand, useCustomClose, URLs, the close control's place and who closed the ad.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HOST_PROFILE_IDS, HOST_PROFILES } from '../shared/mraid/host-profiles.ts'
import { mraidHostScript } from '../tests/setup/built-once.ts'
import { type FakeWindowOptions, loadHost } from './fake-window.ts'

const HOST = await mraidHostScript()
type Mraid = Record<string, ((...args: unknown[]) => unknown) | undefined>

function run(profile: string, search = '', options: FakeWindowOptions = { framed: true }) {
  const fake = loadHost(HOST, { ...options, search: `?profile=${profile}${search}` })
  const mraid = fake.window.mraid as Mraid
  const heard: string[] = []
  const listen = (event: string) =>
    mraid.addEventListener!(event, (...args: unknown[]) =>
      heard.push(`${event}(${event === 'error' ? args[1] : (args[0] ?? '')})`),
    )
  const hasExposure = HOST_PROFILES[profile as 'mraid3'].version === '3.0'
  for (const event of [
    'ready',
    'stateChange',
    'viewableChange',
    'error',
    ...(hasExposure ? ['exposureChange'] : []),
  ])
    listen(event)
  heard.length = 0
  return { ...fake, mraid, heard, hasExposure }
}
const settle = () => vi.advanceTimersByTimeAsync(1100)

afterEach(() => vi.useRealTimers())

describe.each(HOST_PROFILE_IDS)('the %s profile, as the SDKs agree', (profile) => {
  it('is not viewable before it is shown, then hears viewableChange(true) and exposureChange after ready', async () => {
    vi.useFakeTimers()
    const ad = run(profile)
    expect(ad.mraid.isViewable!()).toBe(false)
    await settle()
    const shown = ad.hasExposure ? ['viewableChange(true)', 'exposureChange(100)'] : ['viewableChange(true)']
    // A new exposureChange listener hears the current exposure: 0 while a preloading SDK has
    // not shown the ad yet.
    const before = ad.hasExposure && HOST_PROFILES[profile].shownAfterReady ? ['exposureChange(0)'] : []
    expect(ad.heard).toEqual(['stateChange(default)', 'ready()', ...before, ...shown])
    expect(ad.mraid.isViewable!()).toBe(true)
    ad.window.document && Object.assign(ad.window.document, { visibilityState: 'hidden' })
    ;(ad.window.document as { dispatchEvent(e: object): void }).dispatchEvent({ type: 'visibilitychange' })
    expect(ad.heard.slice(-2)).toEqual(
      ad.hasExposure
        ? ['viewableChange(false)', 'exposureChange(0)']
        : [...shown.slice(-1), 'viewableChange(false)'],
    )
  })

  it('close() of an interstitial in default hides it, not viewable, at exposure 0', async () => {
    vi.useFakeTimers()
    const ad = run(profile, '&placement=interstitial')
    await settle()
    ad.heard.length = 0
    ad.mraid.close!()
    expect(ad.mraid.getState!()).toBe('hidden')
    expect(ad.heard).toEqual(
      ad.hasExposure
        ? ['stateChange(hidden)', 'viewableChange(false)', 'exposureChange(0)']
        : ['stateChange(hidden)', 'viewableChange(false)'],
    )
    expect(
      (ad.window.document as { documentElement: { style: Record<string, string> } }).documentElement.style
        .visibility,
    ).toBe('hidden')
    expect(ad.closeRegion()).toBeUndefined()
  })

  it('answers getResizeProperties() with the SDKs’ defaults before setResizeProperties, a copy to change', async () => {
    const ad = run(profile)
    const properties = ad.mraid.getResizeProperties!() as Record<string, unknown>
    expect(properties).toEqual({
      width: 0,
      height: 0,
      offsetX: 0,
      offsetY: 0,
      customClosePosition: 'top-right',
      allowOffscreen: true,
    })
    properties.width = 300
    expect((ad.mraid.getResizeProperties!() as { width: number }).width).toBe(0)
  })

  it('reads useCustomClose(true) back from getExpandProperties, and still draws its close control', async () => {
    vi.useFakeTimers()
    const ad = run(profile)
    ad.mraid.useCustomClose!(true)
    expect((ad.mraid.getExpandProperties!() as { useCustomClose: boolean }).useCustomClose).toBe(true)
    await settle()
    ad.mraid.expand!()
    expect(ad.closeRegion()).toBeDefined()
  })

  it('opens nothing for open() or playVideo() of a string that is not a URL, and fires error', async () => {
    vi.useFakeTimers()
    const ad = run(profile)
    await settle()
    ad.heard.length = 0
    ad.mraid.open!('not a url')
    ad.mraid.playVideo!('javascript:alert(1)')
    ad.mraid.open!('https://example.com/landing')
    expect(ad.heard).toEqual(['error(open)', 'error(playVideo)'])
    expect(ad.window.open).toHaveBeenCalledTimes(1)
  })

  it('expand() and resize() of an interstitial do what the profile says', async () => {
    vi.useFakeTimers()
    const ad = run(profile, '&placement=interstitial')
    await settle()
    ad.heard.length = 0
    ad.mraid.expand!()
    ad.mraid.resize!()
    const refused = HOST_PROFILES[profile].interstitialExpandResize === 'error'
    expect(ad.heard).toEqual(refused ? ['error(expand)', 'error(resize)'] : [])
    expect(ad.mraid.getState!()).toBe('default')
  })

  it('puts the resized ad’s close control where customClosePosition says', async () => {
    vi.useFakeTimers()
    const ad = run(profile)
    await settle()
    ad.mraid.setResizeProperties!({
      width: 300,
      height: 250,
      offsetX: 0,
      offsetY: 0,
      customClosePosition: 'bottom-left',
    })
    ad.mraid.resize!()
    const style = ad.closeRegion()!.style.cssText
    expect(style).toContain('bottom:0')
    expect(style).toContain('left:0')
    expect(style).not.toContain('right:0')
  })

  it('reports who closed the ad: its close control is not the ad’s mraid.close()', async () => {
    vi.useFakeTimers()
    const ad = run(profile)
    await settle()
    ad.mraid.expand!()
    ad.reports.length = 0
    ad.closeRegion()!.click()
    ad.mraid.expand!()
    ad.mraid.close!()
    const closes = ad.reports
      .filter((r) => r.kind === 'call' && r.detail.method === 'close')
      .map((r) => r.detail.by)
    expect(closes).toEqual(['host', 'ad'])
  })

  it('turns and locks the device for an interstitial forcing an orientation, and tells its real one', async () => {
    vi.useFakeTimers()
    const ad = run(profile, '&placement=interstitial&orientation=portrait&screen=390x844&max=390x844')
    await settle()
    ad.reports.length = 0
    ad.mraid.setOrientationProperties!({ allowOrientationChange: false, forceOrientation: 'landscape' })
    const device = ad.reports.filter((r) => r.kind === 'device').at(-1)?.detail
    expect(device).toMatchObject({ forced: 'landscape', locked: true })
    expect(ad.mraid.getOrientationProperties!()).toEqual({
      allowOrientationChange: false,
      forceOrientation: 'landscape',
    })
    if (ad.mraid.getCurrentAppOrientation)
      expect(ad.mraid.getCurrentAppOrientation()).toEqual({ orientation: 'portrait', locked: true })
  })
})

describe('the host in a plain tab', () => {
  it('tells the tab’s own orientation, not the desktop screen’s, and says what forceOrientation asked', async () => {
    vi.useFakeTimers()
    const ad = run('mraid3', '&placement=interstitial', {
      viewport: { width: 390, height: 844 },
      screenOrientation: 'landscape-primary',
    })
    await settle()
    expect(ad.mraid.getCurrentAppOrientation!()).toEqual({ orientation: 'portrait', locked: false })
    ad.mraid.setOrientationProperties!({ allowOrientationChange: false, forceOrientation: 'landscape' })
    const info = (ad.window.console as { info: ReturnType<typeof vi.fn> }).info
    expect(info).toHaveBeenCalledWith(expect.stringContaining('forceOrientation "landscape"'))
    expect(ad.mraid.getCurrentAppOrientation!()).toEqual({ orientation: 'portrait', locked: false })
  })

  it('unload() hides the ad as close() does', async () => {
    vi.useFakeTimers()
    const ad = run('mraid3')
    await settle()
    ad.heard.length = 0
    ad.mraid.unload!()
    expect(ad.heard).toEqual(['stateChange(hidden)', 'viewableChange(false)', 'exposureChange(0)'])
  })
})

describe('the workbench’s Viewable switch and exposure slider', () => {
  it('drive the same events as the page being seen', async () => {
    vi.useFakeTimers()
    const ad = run('mraid3')
    await settle()
    ad.heard.length = 0
    ad.send({ type: 'exposure', value: 40 })
    ad.send({ type: 'viewable', value: false })
    ad.send({ type: 'viewable', value: true })
    ad.send({ type: 'exposure', value: 0 })
    expect(ad.heard).toEqual([
      'exposureChange(40)',
      'viewableChange(false)',
      'exposureChange(0)',
      'viewableChange(true)',
      'exposureChange(100)',
      'viewableChange(false)',
      'exposureChange(0)',
    ])
  })
})

describe('dialogs in the workbench', () => {
  it('shows alert, confirm and prompt as console lines and answers as a frame without modals does', () => {
    const ad = run('mraid3')
    const window = ad.window as unknown as Record<string, (text: string) => unknown>
    expect(window.alert!('hello')).toBeUndefined()
    expect(window.confirm!('sure?')).toBe(false)
    expect(window.prompt!('name?')).toBeNull()
    expect(ad.reports.filter((r) => r.kind === 'console').map((r) => r.detail)).toEqual([
      { level: 'alert', message: 'hello' },
      { level: 'confirm', message: 'sure?' },
      { level: 'prompt', message: 'name?' },
    ])
  })
})

describe('two-part expand', () => {
  it('loads part 2 in the expanded container of the same ad, and closes to default when part 2 closes', async () => {
    vi.useFakeTimers()
    const ad = run('mraid3')
    await settle()
    ad.mraid.expand!('part2.html')
    expect(ad.window.open).not.toHaveBeenCalled()
    expect(ad.mraid.getState!()).toBe('expanded')
    const [frame] = ad.frames()
    expect(frame?.src).toMatch(/^part2\.html\?.*part=2/)
    expect(frame?.src).toContain('profile=mraid3')
    ad.reports.length = 0
    ad.receive(frame!.contentWindow, { source: 'ads-preview-mraid-part', type: 'close' })
    expect(ad.mraid.getState!()).toBe('default')
    expect(ad.frames()).toEqual([])
    // Part 2 reported its own mraid.close(); part 1 adds no second one.
    expect(ad.reports.filter((r) => r.kind === 'call')).toEqual([])
  })

  it('part 2 has no MRAID_ENV, is expanded at ready, and its close() asks part 1 to close', async () => {
    vi.useFakeTimers()
    const part2 = run('mraid3', '&part=2')
    expect(part2.window.MRAID_ENV).toBeUndefined()
    await settle()
    expect(part2.mraid.getState!()).toBe('expanded')
    expect(part2.heard.slice(0, 2)).toEqual(['stateChange(expanded)', 'ready()'])
    part2.mraid.close!()
    expect(part2.reports.at(-1)).toEqual({ source: 'ads-preview-mraid-part', type: 'close' })
  })
})
