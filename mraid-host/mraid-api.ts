// The `mraid` object a creative calls: MRAID 3.0's state machine (loading, default, expanded,
// resized, hidden), its getters and setters, and an `error` event with the method's name as
// action for every call the state or the arguments do not allow. MRAID 2.0 behaviour is kept;
// a profile (shared/mraid/host-profiles.ts) makes it answer as a given SDK does.

import { MRAID3_EVENTS, MRAID3_METHODS, TEST_LOCATION } from '../shared/mraid/host-profiles.ts'
import { createCloseRegion } from './close-region.ts'
import type { Report } from './container-link.ts'
import type { createDevice } from './device.ts'
import { createGeometry } from './geometry.ts'
import type { HostOptions } from './host-options.ts'
import type { HostWindow } from './host-window.ts'
import { createListeners, isMraidEvent, type Listener, type MraidEvent } from './listeners.ts'
import { isOpenableUrl } from './openable-url.ts'
import {
  checkOrientationProperties,
  type OrientationProperties,
  orientationLock,
} from './orientation-properties.ts'
import {
  checkResizeProperties,
  DEFAULT_RESIZE_PROPERTIES,
  isNumber,
  type ResizeProperties,
} from './resize-properties.ts'
import { askPartOneToClose, createPartTwo } from './two-part-expand.ts'
import { createViewability } from './viewability.ts'

export type MraidState = 'loading' | 'default' | 'expanded' | 'resized' | 'hidden'

const FEATURES: Record<string, boolean> = {
  sms: false,
  tel: false,
  calendar: false,
  storePicture: false,
  inlineVideo: true,
  vpaid: false,
}
/** An SDK that shows a preloaded ad does so a moment after ready (shownAfterReady). */
const SHOW_AFTER_READY_MS = 1000

export interface HostDeps {
  window: HostWindow
  options: HostOptions
  report: Report
  device: ReturnType<typeof createDevice>
}

export function createMraid({ window, options, report, device }: HostDeps) {
  const { profile } = options
  /** A 2.0 host knows no MRAID 3.0 event: adding a listener for one is an error, none fires. */
  const hasEvent = (event: MraidEvent) =>
    profile.version === '3.0' || !(MRAID3_EVENTS as readonly string[]).includes(event)
  let state: MraidState = 'loading'
  let volume = options.volume
  const expandProperties = { width: -1, height: -1, useCustomClose: false }
  let resizeProperties: ResizeProperties | null = null
  let orientationProperties: OrientationProperties = {
    allowOrientationChange: true,
    forceOrientation: 'none',
  }
  const listeners = createListeners((error) => window.console?.error(error))
  const closeRegion = createCloseRegion(window.document, () => closeBy('host'))
  // Part 2 reported its own mraid.close(): part 1 closes without a second line.
  const partTwo = createPartTwo(window, () => closeBy('ad', false))
  const geometry = createGeometry(window, options, (size) => dispatch('sizeChange', size.width, size.height))
  /** exposureChange events so far: a new listener's first answer is skipped when one came since. */
  let exposureEvents = 0
  const viewability = createViewability(window, options.viewable, {
    viewableChange: (viewable) => dispatch('viewableChange', viewable),
    exposureChange: (percent) => {
      exposureEvents++
      dispatch('exposureChange', percent, exposedRectangle(), null)
    },
  })

  function dispatch(event: MraidEvent, ...args: unknown[]): void {
    if (!hasEvent(event)) return
    report('event', { event, args })
    listeners.call(event, args)
  }
  function fail(message: string, action: string): void {
    report('error', { message, action })
    dispatch('error', message, action)
  }
  /** An API method whose every call is reported with its arguments, as the creative passed them. */
  function method<Args extends unknown[]>(name: string, body: (...args: Args) => void) {
    return (...args: Args): void => {
      report('call', { method: name, args })
      body(...args)
    }
  }
  function setState(next: MraidState): void {
    if (state === next) return
    state = next
    dispatch('stateChange', next)
    applyOrientation()
  }
  const exposedRectangle = () => (viewability.exposure() > 0 ? geometry.viewport() : null)
  /** An interstitial or an expanded ad turns the device as it asks; otherwise it is free. */
  function applyOrientation(): void {
    device.lock(
      orientationLock(orientationProperties, { state, placement: options.placement }),
      container.sizes(),
    )
  }
  /** The ad is gone: hidden, unseen, its document blanked as the SDK removes its web view. */
  function hide(): void {
    closeRegion.hide()
    partTwo.close()
    setState('hidden')
    viewability.show(false)
    window.document.documentElement.style.visibility = 'hidden'
  }
  function closeBy(by: 'host' | 'ad', reported = true): void {
    if (reported) report('call', { method: 'close', args: [], by })
    if (options.expandedPart) {
      askPartOneToClose(window)
      return
    }
    if (state === 'loading' || state === 'hidden') {
      fail(`close is not allowed in state ${state}`, 'close')
      return
    }
    closeRegion.hide()
    partTwo.close()
    if (state === 'expanded' || state === 'resized') {
      geometry.backToDefault()
      setState('default')
      geometry.expectResize()
      return
    }
    hide()
  }
  /** The profile says whether expand and resize of an interstitial fire an error or do nothing. */
  function refusedForInterstitial(action: string): boolean {
    if (options.placement !== 'interstitial') return false
    if (profile.interstitialExpandResize === 'error')
      fail(`${action} is not allowed for interstitials`, action)
    return true
  }

  const mraid = {
    getVersion: () => profile.version,
    getState: () => state,
    getPlacementType: () => options.placement,
    isViewable: () => viewability.isViewable(),
    addEventListener: method('addEventListener', (event: unknown, listener: unknown) => {
      if (!isMraidEvent(event) || !hasEvent(event))
        return fail(`Unknown event: ${String(event)}`, 'addEventListener')
      if (typeof listener !== 'function') return fail('The listener must be a function', 'addEventListener')
      listeners.add(event, listener as Listener)
      // MRAID 3.0: a new exposureChange or audioVolumeChange listener hears the current value,
      // unless an exposureChange reached it first.
      const seen = exposureEvents
      if (event === 'exposureChange')
        setTimeout(
          () => seen === exposureEvents && listener(viewability.exposure(), exposedRectangle(), null),
          0,
        )
      if (event === 'audioVolumeChange') setTimeout(() => listener(volume), 0)
    }),
    removeEventListener: method('removeEventListener', (event: unknown, listener?: unknown) => {
      if (!isMraidEvent(event) || !hasEvent(event))
        return fail(`Unknown event: ${String(event)}`, 'removeEventListener')
      if (!listeners.remove(event, listener as Listener | undefined))
        fail('The listener was not registered', 'removeEventListener')
    }),
    open: method('open', (url: unknown) => {
      if (!isOpenableUrl(url)) return fail(`open needs an absolute URL: ${String(url)}`, 'open')
      // Synchronous, inside the creative's click, so the browser lets the tab open.
      window.open(url, '_blank')
    }),
    // The call is reported by closeBy, with who closed.
    close: () => closeBy('ad'),
    unload: method('unload', () => (options.expandedPart ? askPartOneToClose(window) : hide())),
    expand: (url?: unknown) => {
      report('call', { method: 'expand', args: url === undefined ? [] : [url] })
      if (refusedForInterstitial('expand')) return
      if (state !== 'default' && state !== 'resized')
        return fail(`expand is not allowed in state ${state}`, 'expand')
      if (url !== undefined && url !== null && typeof url !== 'string')
        return fail('expand URL must be a string', 'expand')
      geometry.moveTo(geometry.expandedPosition())
      setState('expanded')
      if (url) partTwo.open(url)
      closeRegion.show()
      geometry.expectResize()
    },
    resize: method('resize', () => {
      if (refusedForInterstitial('resize')) return
      if (state !== 'default' && state !== 'resized')
        return fail(`resize is not allowed in state ${state}`, 'resize')
      if (!resizeProperties) return fail('Call setResizeProperties before resize', 'resize')
      const origin = geometry.default()
      geometry.moveTo({
        x: origin.x + resizeProperties.offsetX,
        y: origin.y + resizeProperties.offsetY,
        width: resizeProperties.width,
        height: resizeProperties.height,
      })
      setState('resized')
      closeRegion.hide()
      closeRegion.show(resizeProperties.customClosePosition)
      geometry.expectResize()
    }),
    getExpandProperties() {
      const max = geometry.maxSize()
      return {
        width: expandProperties.width < 0 ? max.width : expandProperties.width,
        height: expandProperties.height < 0 ? max.height : expandProperties.height,
        useCustomClose: expandProperties.useCustomClose,
        isModal: true,
      }
    },
    setExpandProperties: method('setExpandProperties', (properties: unknown) => {
      const action = 'setExpandProperties'
      if (!properties || typeof properties !== 'object')
        return fail('setExpandProperties needs an object', action)
      const { width, height, useCustomClose } = properties as Record<string, unknown>
      if (width !== undefined && !isNumber(width)) return fail('width must be a number', action)
      if (height !== undefined && !isNumber(height)) return fail('height must be a number', action)
      if (isNumber(width)) expandProperties.width = width
      if (isNumber(height)) expandProperties.height = height
      if (typeof useCustomClose === 'boolean') expandProperties.useCustomClose = useCustomClose
    }),
    getResizeProperties: () => ({ ...(resizeProperties ?? DEFAULT_RESIZE_PROPERTIES) }),
    setResizeProperties: method('setResizeProperties', (properties: unknown) => {
      const checked = checkResizeProperties(properties, geometry.maxSize())
      if (typeof checked === 'string') return fail(checked, 'setResizeProperties')
      resizeProperties = checked
    }),
    getOrientationProperties: () => ({ ...orientationProperties }),
    setOrientationProperties: method('setOrientationProperties', (properties: unknown) => {
      const checked = checkOrientationProperties(properties, orientationProperties)
      if (typeof checked === 'string') return fail(checked, 'setOrientationProperties')
      orientationProperties = checked
      applyOrientation()
    }),
    getCurrentAppOrientation: () => ({ orientation: device.orientation(), locked: device.locked() }),
    getCurrentPosition: () => geometry.current(),
    getDefaultPosition: () => geometry.default(),
    getMaxSize: () => geometry.maxSize(),
    getScreenSize: () => geometry.screen(),
    getLocation: () => (profile.location === -1 ? -1 : { ...TEST_LOCATION }),
    supports: (feature: unknown) =>
      feature === 'location' ? profile.location !== -1 : FEATURES[String(feature)] === true,
    // Deprecated in MRAID 3.0: stored as the SDKs store it; the container draws its close anyway.
    useCustomClose: method('useCustomClose', (use: unknown) => {
      if (typeof use === 'boolean') expandProperties.useCustomClose = use
    }),
    storePicture: method('storePicture', () => {
      fail('storePicture is not supported', 'storePicture')
    }),
    createCalendarEvent: method('createCalendarEvent', () => {
      fail('createCalendarEvent is not supported', 'createCalendarEvent')
    }),
    playVideo: method('playVideo', (url: unknown) => {
      if (!isOpenableUrl(url)) return fail(`playVideo needs an absolute URL: ${String(url)}`, 'playVideo')
      window.open(url, '_blank')
    }),
  }

  /** What the container does to the ad: make it ready, change viewability, exposure, volume, size. */
  const container = {
    ready(): void {
      geometry.settleDefault()
      // Part 2 of a two-part expand is born expanded, as the SDKs' second web view is.
      setState(options.expandedPart ? 'expanded' : 'default')
      dispatch('ready')
      if (options.placement === 'interstitial' && !options.expandedPart) {
        // The SDK's own close control, after the delay the SDK imposes on its full-screen ads.
        if (profile.closeDelaySeconds === 0) closeRegion.show()
        else setTimeout(() => state !== 'hidden' && closeRegion.show(), profile.closeDelaySeconds * 1000)
      }
      // Shown on screen after ready: at once, or a moment later for an SDK that preloads.
      if (!profile.shownAfterReady) viewability.show(true)
      else setTimeout(() => state !== 'hidden' && viewability.show(true), SHOW_AFTER_READY_MS)
    },
    setViewable: viewability.setViewable,
    setExposure: viewability.setExposure,
    /** Part 2 of a two-part expand hears what the container says. */
    forward: partTwo.forward,
    setVolume(percent: number): void {
      volume = percent
      dispatch('audioVolumeChange', volume)
    },
    resized(): void {
      if (state !== 'loading' && state !== 'hidden') geometry.resized(state === 'default')
    },
    moved(): void {
      geometry.moved(state === 'default' || state === 'loading')
    },
    /** The screen and maximum size the ad would read now. */
    sizes: () => ({ screen: geometry.screen(), maxSize: geometry.maxSize() }),
  }
  // A 2.0 host has no MRAID 3.0 methods: a creative that calls one without checking fails there.
  if (profile.version === '2.0')
    for (const name of MRAID3_METHODS) delete (mraid as Partial<typeof mraid>)[name]
  return { mraid, container }
}

export type Mraid = ReturnType<typeof createMraid>['mraid']
