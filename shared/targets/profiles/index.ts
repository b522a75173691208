// Every delivery target the product knows, in the order the matrix shows them. A new network is
// one file beside these and one line here.
import type { TargetProfile } from '../types.ts'
import { adColony } from './adcolony.ts'
import { amazonAdServer } from './amazon-ad-server.ts'
import { applovin } from './applovin.ts'
import { campaignManager360 } from './campaign-manager-360.ts'
import { chromeHeavyAd } from './chrome-heavy-ad.ts'
import { displayVideo360 } from './display-video-360.ts'
import { googleAdManager } from './google-ad-manager.ts'
import { googleAdsApp } from './google-ads-app.ts'
import { googleAdsDisplay } from './google-ads-display.ts'
import { iabHtml5 } from './iab-html5.ts'
import { ironSource } from './ironsource.ts'
import { liftoffVungle } from './liftoff-vungle.ts'
import { meta } from './meta.ts'
import { mintegral } from './mintegral.ts'
import { tiktokPangle } from './tiktok-pangle.ts'
import { unity } from './unity.ts'

export const TARGET_PROFILES: readonly TargetProfile[] = [
  iabHtml5,
  chromeHeavyAd,
  googleAdManager,
  campaignManager360,
  googleAdsDisplay,
  googleAdsApp,
  displayVideo360,
  applovin,
  unity,
  ironSource,
  meta,
  mintegral,
  liftoffVungle,
  tiktokPangle,
  amazonAdServer,
  adColony,
]

/**
 * `DEFAULT_TARGETS`: the targets an MRAID creative can pass. Campaign Manager 360 and TikTok /
 * Pangle refuse mraid.js and Liftoff asks for ad.html: those are for an explicit choice.
 */
export const DEFAULT_TARGET_IDS: readonly string[] = [
  'iab-html5',
  'chrome-heavy-ad',
  'google-ad-manager',
  'google-ads-app',
  'applovin',
  'unity',
  'ironsource',
  'mintegral',
]

export function findProfiles(ids: readonly string[]): { profiles: TargetProfile[]; unknown: string[] } {
  const profiles = ids.map((id) => TARGET_PROFILES.find((profile) => profile.id === id))
  return {
    profiles: profiles.filter((profile): profile is TargetProfile => profile !== undefined),
    unknown: ids.filter((_, index) => profiles[index] === undefined),
  }
}
