// How each SDK's MRAID host differs from the IAB's MRAID 3.0, as far as a creative can tell,
// one profile per SDK: the workbench runs the ad as that SDK would (the host reads the profile
// named in the creative's URL). Sources are named on each profile; "secondary" means a third
// party's restatement, not the SDK maker's own page.

import { PRODUCT } from '../constants.ts'

export const HOST_PROFILE_IDS = ['mraid3', 'gma', 'applovin', 'unity', 'ironsource'] as const
export type HostProfileId = (typeof HOST_PROFILE_IDS)[number]

export interface HostProfile {
  id: HostProfileId
  name: string
  source: string
  /** What mraid.getVersion() answers; a '2.0' host has no MRAID 3.0 methods or events. */
  version: '2.0' | '3.0'
  /** window.MRAID_ENV as the SDK defines it before the ad loads; null: it defines none. */
  env: Record<string, unknown> | null
  /** MRAID 3.0's getLocation(): a fixed test location, or -1 (not supported / no permission). */
  location: 'test-location' | -1
  /** The SDK draws its own close control whatever useCustomClose asks, after this many seconds. */
  closeDelaySeconds: number
  /** The SDK shows full-screen ads only (playables): the ad is an interstitial there. */
  fullScreenOnly: boolean
  /** Loaded out of sight and shown a moment after ready (viewableChange(true) then). */
  shownAfterReady: boolean
  /** expand() and resize() of an interstitial: an error event, or nothing at all. */
  interstitialExpandResize: 'error' | 'ignored'
}

const ENV_ADS_PREVIEW = {
  version: '3.0',
  sdk: PRODUCT,
  sdkVersion: '1.0',
  appId: 'ads-preview',
  ifa: '00000000-0000-0000-0000-000000000000',
  limitAdTracking: true,
  coppa: false,
}

/** What most SDK profiles share: no location, the close control at once, shown when ready. */
const SDK = {
  location: -1,
  closeDelaySeconds: 0,
  shownAfterReady: false,
  interstitialExpandResize: 'ignored',
} as const

export const HOST_PROFILES: Record<HostProfileId, HostProfile> = {
  mraid3: {
    id: 'mraid3',
    name: 'IAB MRAID 3.0',
    source: 'IAB MRAID 3.0 (2017): every optional MRAID_ENV field, location offered',
    version: '3.0',
    env: ENV_ADS_PREVIEW,
    location: 'test-location',
    closeDelaySeconds: 0,
    fullScreenOnly: false,
    shownAfterReady: false,
    interstitialExpandResize: 'error',
  },
  gma: {
    id: 'gma',
    name: 'Google Mobile Ads',
    source:
      'developers.google.com/ad-manager/mobile-ads-sdk/android/mraid: MRAID_ENV without ifa, limitAdTracking, appId, coppa; getLocation() not supported; exposureChange recommended, viewableChange kept; support.google.com/authorizedbuyers/answer/2978135: useCustomClose not supported, the SDK adds its close button',
    version: '3.0',
    env: { version: '3.0', sdk: 'Google Mobile Ads', sdkVersion: '23.0.0' },
    ...SDK,
    fullScreenOnly: false,
  },
  applovin: {
    id: 'applovin',
    name: 'AppLovin',
    source:
      'secondary (playable ad guides): MRAID 2.0, full-screen playables, the SDK draws the close control',
    version: '2.0',
    env: null,
    ...SDK,
    fullScreenOnly: true,
  },
  unity: {
    id: 'unity',
    name: 'Unity Ads',
    source:
      'docs.unity.com playable specifications: MRAID 3.0, wait for viewableChange before starting; secondary: the close button at 5 seconds',
    version: '3.0',
    env: { version: '3.0', sdk: 'Unity Ads', sdkVersion: '4.12.0' },
    ...SDK,
    closeDelaySeconds: 5,
    fullScreenOnly: true,
    shownAfterReady: true,
  },
  ironsource: {
    id: 'ironsource',
    name: 'ironSource',
    source:
      'ironSource MRAID specifications (as summarised in ../shared/targets/NETWORKS.md): the SDK draws the close button; secondary: MRAID 2.0',
    version: '2.0',
    env: null,
    ...SDK,
    fullScreenOnly: true,
  },
}

/** What the plain MRAID 3.0 profile's getLocation() answers: a fixed place, said to be from IP. */
export const TEST_LOCATION = {
  lat: 52.52,
  lon: 13.405,
  type: 2,
  accuracy: 5000,
  lastfix: 0,
  ipservice: 'ads-preview',
}

/** MRAID 3.0's additions, absent from a 2.0 host. */
export const MRAID3_EVENTS = ['exposureChange', 'audioVolumeChange'] as const
export const MRAID3_METHODS = ['getLocation', 'unload', 'getCurrentAppOrientation'] as const

export function hostProfile(id: string | null | undefined): HostProfile {
  return HOST_PROFILES[
    (HOST_PROFILE_IDS as readonly string[]).includes(id ?? '') ? (id as HostProfileId) : 'mraid3'
  ]
}
