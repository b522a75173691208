// setOrientationProperties' rules (MRAID 2.0/3.0): forceOrientation is portrait, landscape or
// none; and where they apply: the SDKs turn the app for an interstitial on screen or an expanded
// ad (Prebid's onOrientationPropertiesChanged, HyBid's setOrientationProperties), never for a
// banner in its place.
import type { OrientationLock } from './device.ts'
import type { Orientation } from './host-options.ts'

export interface OrientationProperties {
  allowOrientationChange: boolean
  forceOrientation: Orientation | 'none'
}

const FORCE = ['portrait', 'landscape', 'none'] as const

/** The properties after the ad's call, or the error message to fire. */
export function checkOrientationProperties(
  input: unknown,
  current: OrientationProperties,
): OrientationProperties | string {
  if (!input || typeof input !== 'object') return 'setOrientationProperties needs an object'
  const { allowOrientationChange, forceOrientation } = input as Record<string, unknown>
  if (forceOrientation !== undefined && !(FORCE as readonly unknown[]).includes(forceOrientation))
    return 'forceOrientation must be portrait, landscape or none'
  return {
    allowOrientationChange:
      typeof allowOrientationChange === 'boolean' ? allowOrientationChange : current.allowOrientationChange,
    forceOrientation:
      (forceOrientation as OrientationProperties['forceOrientation']) ?? current.forceOrientation,
  }
}

/** What the container should do with the device for these properties in this state. */
export function orientationLock(
  properties: OrientationProperties,
  where: { state: string; placement: string },
): OrientationLock {
  const applies =
    where.state === 'expanded' || (where.placement === 'interstitial' && where.state === 'default')
  if (!applies) return { forced: null, locked: false }
  const forced = properties.forceOrientation === 'none' ? null : properties.forceOrientation
  return { forced, locked: forced !== null || !properties.allowOrientationChange }
}
