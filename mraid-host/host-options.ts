// What the container tells the host: first through the creative's URL
// (shared/mraid/host-protocol.ts), then by message (the device rotating, the web view moving).
// The host reads these settings on every call, so a change applies at once.
import { type HostProfile, hostProfile } from '../shared/mraid/host-profiles.ts'
import { HOST_PARAMS, type Insets, type Orientation, type Size } from '../shared/mraid/host-protocol.ts'

export type Placement = 'inline' | 'interstitial'
export type { Insets, Orientation, Size }

export interface HostOptions {
  /** The SDK the host plays. */
  profile: HostProfile
  placement: Placement
  /** The device's screen and the ad's maximum size; null: measure this window. */
  screen: Size | null
  maxSize: Size | null
  /** The device's orientation when a container plays the device; null: this window's own. */
  orientation: Orientation | null
  /** Safe-area insets the container draws; null: what this browser reports (env()). */
  safeArea: Insets | null
  /** Where the web view sits on the screen. */
  offset: { x: number; y: number }
  viewable: boolean
  volume: number
  /** Part 2 of a two-part expand: no MRAID_ENV, expanded from ready, closed through part 1. */
  expandedPart: boolean
}

function sizeParam(params: URLSearchParams, name: string): Size | null {
  const match = /^(\d+)x(\d+)$/.exec(params.get(name) ?? '')
  return match ? { width: Number(match[1]), height: Number(match[2]) } : null
}

function insetsParam(params: URLSearchParams, name: string): Insets | null {
  const match = /^(\d+),(\d+),(\d+),(\d+)$/.exec(params.get(name) ?? '')
  if (!match) return null
  const [top, right, bottom, left] = match.slice(1).map(Number) as [number, number, number, number]
  return { top, right, bottom, left }
}

export function readHostOptions(search: string): HostOptions {
  const params = new URLSearchParams(search)
  const volume = Number(params.get(HOST_PARAMS.volume) ?? 100)
  const orientation = params.get(HOST_PARAMS.orientation)
  return {
    profile: hostProfile(params.get(HOST_PARAMS.profile)),
    placement: params.get(HOST_PARAMS.placement) === 'interstitial' ? 'interstitial' : 'inline',
    screen: sizeParam(params, HOST_PARAMS.screen),
    maxSize: sizeParam(params, HOST_PARAMS.max),
    orientation: orientation === 'landscape' || orientation === 'portrait' ? orientation : null,
    safeArea: insetsParam(params, HOST_PARAMS.safeArea),
    offset: { x: 0, y: 0 },
    viewable: params.get(HOST_PARAMS.viewable) !== 'false',
    volume: Number.isFinite(volume) ? Math.max(0, Math.min(100, volume)) : 100,
    expandedPart: params.get(HOST_PARAMS.part) === '2',
  }
}
