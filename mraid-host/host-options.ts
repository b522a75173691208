// What the container tells the host through the creative's URL (shared/mraid/host-protocol.ts).
import { HOST_PARAMS } from '../shared/mraid/host-protocol.ts'

export type Placement = 'inline' | 'interstitial'

export interface Size {
  width: number
  height: number
}

export interface HostOptions {
  placement: Placement
  /** The device's screen and the ad's maximum size; null: measure this window. */
  screen: Size | null
  maxSize: Size | null
  viewable: boolean
  volume: number
}

function sizeParam(params: URLSearchParams, name: string): Size | null {
  const match = /^(\d+)x(\d+)$/.exec(params.get(name) ?? '')
  return match ? { width: Number(match[1]), height: Number(match[2]) } : null
}

export function readHostOptions(search: string): HostOptions {
  const params = new URLSearchParams(search)
  const volume = Number(params.get(HOST_PARAMS.volume) ?? 100)
  return {
    placement: params.get(HOST_PARAMS.placement) === 'interstitial' ? 'interstitial' : 'inline',
    screen: sizeParam(params, HOST_PARAMS.screen),
    maxSize: sizeParam(params, HOST_PARAMS.max),
    viewable: params.get(HOST_PARAMS.viewable) !== 'false',
    volume: Number.isFinite(volume) ? Math.max(0, Math.min(100, volume)) : 100,
  }
}
