// What the app's container is set to, and where the workbench starts: at the package's declared
// ad.size, as an interstitial (in the orientation of its size) when that size fills a phone's
// screen, as an inline banner otherwise.
import { HOST_PROFILES, type HostProfileId } from '../../shared/mraid/host-profiles.ts'
import { DEVICES } from './devices.ts'
import { type Placement, SIZE_PRESETS, type SizePreset } from './host-messages.ts'

export interface ContainerSettings {
  profileId: HostProfileId
  deviceId: string
  presetId: string
  placement: Placement
  landscape: boolean
  viewable: boolean
  exposure: number
  volume: number
}

/** A declared size at least this large on both sides is a full-screen ad, not a banner. */
const FULL_SCREEN_SHORT_SIDE = 300
const FULL_SCREEN_LONG_SIDE = 450

export function declaredPreset(adSize: { width: number; height: number }): SizePreset {
  const short = Math.min(adSize.width, adSize.height)
  const long = Math.max(adSize.width, adSize.height)
  const fullScreen = short >= FULL_SCREEN_SHORT_SIDE && long >= FULL_SCREEN_LONG_SIDE && long / short >= 1.3
  return {
    id: `${adSize.width}x${adSize.height} (ad.size)`,
    ...adSize,
    placement: fullScreen ? 'interstitial' : 'inline',
  }
}

export function sizePresets(adSize: { width: number; height: number } | undefined): SizePreset[] {
  return [...(adSize ? [declaredPreset(adSize)] : []), ...SIZE_PRESETS]
}

export function initialSettings(presets: readonly SizePreset[]): ContainerSettings {
  const first = presets[0]!
  return {
    profileId: 'mraid3',
    deviceId: DEVICES[0]!.id,
    presetId: first.id,
    placement: first.placement,
    // A full-screen ad declared wider than tall is a landscape ad.
    landscape: first.placement === 'interstitial' && first.width > first.height,
    viewable: true,
    exposure: 100,
    volume: 100,
  }
}

/** An SDK that shows full-screen ads only (a playable network's) makes the ad an interstitial. */
export function withProfile(settings: ContainerSettings, profileId: HostProfileId): ContainerSettings {
  const fullScreen = HOST_PROFILES[profileId].fullScreenOnly
  return { ...settings, profileId, placement: fullScreen ? 'interstitial' : settings.placement }
}
