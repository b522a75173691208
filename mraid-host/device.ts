// The device the ad runs on, as an SDK tells it: screen, maximum size, orientation and safe
// area. When the workbench plays the device, it sets them and the host makes the page agree
// (window.orientation and an orientationchange event, as a phone's web view has them); on a
// real phone or a plain tab, the browser's own values are read and reported as they change.
import type { DeviceReport } from '../shared/mraid/host-protocol.ts'
import type { Report } from './container-link.ts'
import type { HostOptions, Insets, Orientation } from './host-options.ts'
import type { HostWindow } from './host-window.ts'

const NO_INSETS: Insets = { top: 0, right: 0, bottom: 0, left: 0 }

/** What env(safe-area-inset-*) says here (iOS with viewport-fit=cover; 0 elsewhere). */
function measureSafeArea(document: Document): Insets {
  if (!document.body) return NO_INSETS
  const probe = document.createElement('div')
  probe.style.cssText =
    'position:fixed;visibility:hidden;pointer-events:none;padding:env(safe-area-inset-top) ' +
    'env(safe-area-inset-right) env(safe-area-inset-bottom) env(safe-area-inset-left)'
  document.body.appendChild(probe)
  const style = getComputedStyle(probe)
  const insets = {
    top: Number.parseFloat(style.paddingTop) || 0,
    right: Number.parseFloat(style.paddingRight) || 0,
    bottom: Number.parseFloat(style.paddingBottom) || 0,
    left: Number.parseFloat(style.paddingLeft) || 0,
  }
  probe.remove()
  return insets
}

/** What the ad asked of the device's orientation, where its placement and state let it. */
export interface OrientationLock {
  forced: Orientation | null
  locked: boolean
}

export function createDevice(window: HostWindow, options: HostOptions, report: Report) {
  // A tab is its own device: its viewport, not the desktop's screen, is what the ad fills. A
  // frame (a banner on a page) reads the screen's.
  const measured = (): Orientation =>
    (
      window.parent === window
        ? window.innerWidth > window.innerHeight
        : window.screen?.orientation?.type?.startsWith('landscape') ||
          (window.screen?.width ?? 0) > (window.screen?.height ?? 0)
    )
      ? 'landscape'
      : 'portrait'
  const orientation = (): Orientation => options.orientation ?? measured()
  let lock: OrientationLock = { forced: null, locked: false }

  // A desktop browser has no window.orientation; a phone's web view does (0 or 90).
  if (options.orientation !== null && !('orientation' in window)) {
    Object.defineProperty(window, 'orientation', {
      configurable: true,
      get: () => (orientation() === 'landscape' ? 90 : 0),
    })
  }

  function sendReport(sizes: Pick<DeviceReport, 'screen' | 'maxSize'>): void {
    report('device', {
      ...sizes,
      orientation: orientation(),
      viewport: { width: window.innerWidth, height: window.innerHeight },
      safeArea: options.safeArea ?? measureSafeArea(window.document),
      userAgent: window.navigator.userAgent,
      pixelRatio: window.devicePixelRatio || 1,
      ...lock,
    })
  }

  return {
    orientation,
    /** Locked only where a container turns the device; a tab cannot, and tells the truth. */
    locked: () => lock.locked && options.orientation !== null,
    /** The ad asked to turn or lock the device: the container does it, a tab says it cannot. */
    lock(next: OrientationLock, sizes: Pick<DeviceReport, 'screen' | 'maxSize'>): void {
      if (next.forced === lock.forced && next.locked === lock.locked) return
      lock = next
      if (options.orientation !== null) sendReport(sizes)
      else if (next.forced)
        window.console?.info(
          `mraid: forceOrientation "${next.forced}" asked; a browser tab cannot turn the device, which stays ${orientation()}`,
        )
    },
    safeArea: (): Insets => options.safeArea ?? measureSafeArea(window.document),
    /** Tells the container what the ad sees now (screen and max size come from the geometry). */
    report: sendReport,
    /** The container rotated the device: the page hears orientationchange, as on a phone. */
    rotated(): void {
      window.dispatchEvent(new Event('orientationchange'))
    },
  }
}
