// Whether the ad is seen, as an SDK's web view tells it: not before the container shows it
// (after ready, or a moment later for an SDK that preloads), and only while it is on screen:
// the page visible (not another tab) and the ad's viewport inside the top window's (not
// scrolled away). The container's own settings (the workbench's Viewable switch and exposure
// slider) narrow it further. viewableChange and exposureChange fire when the answer changes.
import type { HostWindow } from './host-window.ts'

/** The intersection ratios at which the browser tells the host again. */
const THRESHOLDS = [0, 0.01, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.99, 1]

export interface ViewabilityEvents {
  viewableChange(viewable: boolean): void
  exposureChange(percent: number): void
}

export function createViewability(window: HostWindow, startViewable: boolean, events: ViewabilityEvents) {
  const document = window.document
  /** What the container says: shown to the user at all, and how much of the ad it exposes. */
  const container = { viewable: startViewable, exposure: 100 }
  let shown = false
  let pageVisible = document.visibilityState !== 'hidden'
  /** The share of the ad's viewport inside the top window; null until the browser has said. */
  let onScreen: number | null = typeof window.IntersectionObserver === 'function' ? null : 1
  let viewable = false
  let exposure = 0

  function update(): void {
    if (onScreen === null) return
    const nextViewable = shown && pageVisible && container.viewable && container.exposure > 0 && onScreen > 0
    const nextExposure = nextViewable ? Math.round(container.exposure * onScreen * 100) / 100 : 0
    const changed = nextViewable !== viewable
    viewable = nextViewable
    if (changed) events.viewableChange(viewable)
    if (changed || nextExposure !== exposure) {
      exposure = nextExposure
      events.exposureChange(exposure)
    }
  }

  document.addEventListener('visibilitychange', () => {
    pageVisible = document.visibilityState !== 'hidden'
    update()
  })

  /** Watches a box as large as the ad's viewport: what of it the top window shows. */
  function observe(): void {
    if (onScreen !== null || !document.body) return
    const probe = document.createElement('div')
    probe.setAttribute('aria-hidden', 'true')
    probe.style.cssText = 'position:fixed;inset:0;pointer-events:none;opacity:0;z-index:-2147483647'
    document.body.appendChild(probe)
    new window.IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1]
        if (!entry) return
        onScreen = entry.isIntersecting ? entry.intersectionRatio : 0
        update()
      },
      { threshold: THRESHOLDS },
    ).observe(probe)
  }

  return {
    isViewable: () => viewable,
    exposure: () => exposure,
    /** The container shows the ad (at ready) or takes it away (hidden). */
    show(next: boolean): void {
      shown = next
      if (next) observe()
      update()
    },
    /** The workbench's Viewable switch, which sets its exposure slider to 100 or 0 too. */
    setViewable(next: boolean): void {
      container.viewable = next
      container.exposure = next ? 100 : 0
      update()
    },
    /** The workbench's exposure slider: above 0 it is viewable, at 0 it is not. */
    setExposure(percent: number): void {
      container.exposure = Math.max(0, Math.min(100, percent))
      container.viewable = container.exposure > 0
      update()
    },
  }
}
