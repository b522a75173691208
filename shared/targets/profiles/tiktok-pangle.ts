import { MB } from '../format.ts'
import type { TargetProfile, TargetSource } from '../types.ts'

const TIKTOK: TargetSource = {
  title: 'TikTok Ads help: playable ads',
  url: 'https://ads.tiktok.com/help/article/playable-ads',
  checked: '2026-11-23',
}
const LUNA: TargetSource = {
  title: 'Luna playable docs on TikTok (3 MB, config.json values 0, 1, 2)',
  checked: '2026-11-23',
  secondary: true,
}

export const tiktokPangle: TargetProfile = {
  id: 'tiktok-pangle',
  name: 'TikTok / Pangle',
  kind: 'playable',
  refusesMraid: true,
  rules: [
    {
      id: 'zip-size',
      label: 'Zip at most 5 MB',
      measure: 'zip.bytes',
      check: { max: 5 * MB },
      severity: 'fail',
      source: TIKTOK,
    },
    {
      id: 'zip-size-secondary',
      label: 'Zip at most 3 MB (one secondary source)',
      measure: 'zip.bytes',
      check: { max: 3 * MB },
      severity: 'warn',
      source: LUNA,
    },
    {
      id: 'config-orientation',
      label: 'config.json with playable_orientation',
      measure: 'config.playableOrientation',
      check: { present: true },
      severity: 'fail',
      source: TIKTOK,
      advice: 'Put config.json at the root: {"playable_orientation": 0} (0 both, 1 portrait, 2 landscape).',
    },
    {
      id: 'no-mraid',
      label: 'No mraid.js',
      measure: 'mraid.referenced',
      check: { equals: false },
      severity: 'fail',
      source: TIKTOK,
    },
  ],
  notCovered: ['CTA call and network rules: not in the sources read.'],
}
