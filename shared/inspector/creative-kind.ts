// What sort of creative a package is, inferred from what it declares and calls, with the evidence
// a person can check: networks serve either display ads (banners, interstitials, expandables) or
// playables, and a target judges only the kinds it serves. A user may correct the inference.

export const CREATIVE_KINDS = ['banner', 'interstitial', 'expandable', 'playable'] as const
export type CreativeKind = (typeof CREATIVE_KINDS)[number]
/** What networks serve: every kind but playable is display. */
export type KindFamily = 'display' | 'playable'

export const KIND_LABELS: Record<CreativeKind, string> = {
  banner: 'Display banner',
  interstitial: 'Display interstitial',
  expandable: 'Display expandable',
  playable: 'Playable',
}

export function kindFamily(kind: CreativeKind): KindFamily {
  return kind === 'playable' ? 'playable' : 'display'
}

export function isCreativeKind(value: unknown): value is CreativeKind {
  return typeof value === 'string' && (CREATIVE_KINDS as readonly string[]).includes(value)
}

export interface KindEvidence {
  /** The ad.size meta as written, or null. */
  declaredSize: string | null
  /** Calls and files only playables have (gameReady, FbPlayableAd, a TikTok config.json...). */
  playableHooks: string[]
  /** App-store URLs in the code or markup. */
  storeLinks: string[]
  /** Video files in the package or video elements in the entry. */
  video: boolean
  /** mraid.expand / mraid.resize calls. */
  expands: string[]
  /** What marks a full-screen unit: an orientation meta, a phone-screen size, an interstitial placement. */
  fullScreen: string[]
}

export interface CreativeKindFacts {
  kind: CreativeKind
  evidence: KindEvidence
}

/** Store links make a playable only together with a playable hook: a display ad may link a store too. */
export function inferKind(evidence: KindEvidence): CreativeKind {
  if (evidence.playableHooks.length > 0) return 'playable'
  if (evidence.expands.length > 0) return 'expandable'
  if (evidence.fullScreen.length > 0) return 'interstitial'
  return 'banner'
}

/** The evidence as lines a person reads beside the kind. */
export function evidenceLines(evidence: KindEvidence): string[] {
  const list = (items: string[]) => (items.length > 0 ? items.join(', ') : 'none')
  return [
    `Declared size: ${evidence.declaredSize ?? 'none'}`,
    `Playable hooks: ${list(evidence.playableHooks)}`,
    `Store links: ${list(evidence.storeLinks)}`,
    `Video: ${evidence.video ? 'yes' : 'none'}`,
    `Expands or resizes: ${list(evidence.expands)}`,
    `Full-screen signs: ${list(evidence.fullScreen)}`,
  ]
}

const STORE_LINK =
  /\b(?:https?:\/\/(?:apps\.apple\.com|itunes\.apple\.com|play\.google\.com\/store)[^\s"'<>)]*|market:\/\/details[^\s"'<>)]*|itms-apps:\/\/[^\s"'<>)]*)/gi
const FULL_SCREEN_SIZES = new Set(['320x480', '480x320', '768x1024', '1024x768'])

/** Store URLs found in a text (markup or code), at most a few. */
export function storeLinksIn(text: string): string[] {
  return [...new Set([...text.matchAll(STORE_LINK)].map((m) => m[0]))].slice(0, 5)
}

/** Full-screen signs in the entry's markup and the code it runs. */
export function fullScreenSigns(adSize: string | null, orientation: string | null, code: string): string[] {
  const signs: string[] = []
  if (orientation) signs.push(`ad.orientation ${orientation}`)
  const size = adSize && /width\s*=\s*(\d+).*?height\s*=\s*(\d+)/i.exec(adSize)
  if (size && FULL_SCREEN_SIZES.has(`${size[1]}x${size[2]}`)) signs.push(`ad.size ${size[1]}x${size[2]}`)
  if (/["']interstitial["']/.test(code)) signs.push("placement 'interstitial'")
  // The close control of a full-screen unit: banners have none to customise.
  if (/\bmraid\s*\.\s*useCustomClose\s*\(/.test(code)) signs.push('mraid.useCustomClose')
  return signs
}
