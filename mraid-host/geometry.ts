// Where the ad is: the device's screen, the most it may grow to, and its default and current
// positions. sizeChange is announced once per new size: when the container has resized the web
// view after a state change, or after 300 ms when none does (a plain tab), once per change.

import type { HostOptions, Size } from './host-options.ts'
import type { HostWindow } from './host-window.ts'

export interface Position extends Size {
  x: number
  y: number
}

const SETTLE_MS = 300

export function createGeometry(window: HostWindow, options: HostOptions, announceSize: (size: Size) => void) {
  let defaultPosition: Position | null = null
  let currentPosition: Position | null = null
  let reported: string | null = null
  let settleTimer: ReturnType<typeof setTimeout> | null = null

  const viewport = (): Position => ({
    ...options.offset,
    width: window.innerWidth,
    height: window.innerHeight,
  })
  const key = (position: Position) => `${position.width}x${position.height}`

  function announce(force: boolean, isDefault: boolean): void {
    if (!force) {
      currentPosition = viewport()
      if (isDefault) defaultPosition = currentPosition
    }
    const position = currentPosition ?? viewport()
    if (!force && key(position) === reported) return
    reported = key(position)
    announceSize({ width: position.width, height: position.height })
  }

  return {
    viewport,
    screen: (): Size =>
      options.screen ?? {
        width: window.screen?.width || window.innerWidth,
        height: window.screen?.height || window.innerHeight,
      },
    maxSize: (): Size => options.maxSize ?? { width: window.innerWidth, height: window.innerHeight },
    current: (): Position => currentPosition ?? viewport(),
    /** Where an expanded ad starts: the safe area's corner when the container plays a device. */
    expandedPosition: (): Position => {
      const max = options.maxSize ?? { width: window.innerWidth, height: window.innerHeight }
      const safe = options.maxSize && options.safeArea ? options.safeArea : { left: 0, top: 0 }
      return { x: safe.left, y: safe.top, ...max }
    },
    default: (): Position => defaultPosition ?? viewport(),
    /** At ready: the web view as it is now is the default position. */
    settleDefault(): void {
      defaultPosition = viewport()
      currentPosition = defaultPosition
      reported = key(defaultPosition)
    },
    /** A state change's new geometry, set before stateChange is announced. */
    moveTo(position: Position): void {
      currentPosition = position
    },
    backToDefault(): void {
      currentPosition = defaultPosition
    },
    /** The container moved the web view (same size: no sizeChange). */
    moved(isDefault: boolean): void {
      if (!isDefault) return
      defaultPosition = viewport()
      currentPosition = defaultPosition
    },
    /** After a state change: sizeChange when the view has been resized, or once settled. */
    expectResize(): void {
      if (settleTimer !== null) clearTimeout(settleTimer)
      settleTimer = setTimeout(() => {
        settleTimer = null
        announce(true, false)
      }, SETTLE_MS)
    },
    /** The web view was resized (window resize). */
    resized(isDefault: boolean): void {
      if (settleTimer !== null) {
        clearTimeout(settleTimer)
        settleTimer = null
        announce(true, false)
        return
      }
      announce(false, isDefault)
    },
  }
}

export type Geometry = ReturnType<typeof createGeometry>
