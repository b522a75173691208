import { MB } from '../format.ts'
import type { TargetProfile, TargetSource } from '../types.ts'

const HELP: TargetSource = {
  title: 'Google Ads help: About HTML5/Playable ads for App campaigns',
  url: 'https://support.google.com/google-ads/answer/9981650',
  checked: '2026-11-23',
}
const REJECTED: TargetSource = {
  title: 'Google Ads help article 12771973, as NETWORKS.md cites it for rejections above 5.2 MB',
  url: 'https://support.google.com/google-ads/answer/12771973',
  checked: '2026-11-23',
}

export const googleAdsApp: TargetProfile = {
  id: 'google-ads-app',
  name: 'Google Ads App (playable)',
  kind: 'playable',
  rules: [
    {
      id: 'zip-size',
      label: 'Zip at most 5 MB',
      measure: 'zip.bytes',
      check: { max: 5 * MB },
      severity: 'warn',
      source: HELP,
    },
    {
      id: 'zip-rejected',
      label: 'Zip at most 5.2 MB (rejected above)',
      measure: 'zip.bytes',
      check: { max: 5.2 * MB },
      severity: 'fail',
      source: REJECTED,
    },
    {
      id: 'file-count',
      label: 'At most 512 files',
      measure: 'files.count',
      check: { max: 512 },
      severity: 'fail',
      source: HELP,
    },
    {
      id: 'nested-zip',
      label: 'No zip inside the zip',
      measure: 'files.nestedZips',
      check: { max: 0 },
      severity: 'fail',
      source: HELP,
    },
    {
      id: 'orientation',
      label: 'Orientation declared (ad.orientation, or ad.size 320x480 / 480x320)',
      measure: 'meta.orientation',
      check: { present: true },
      severity: 'fail',
      source: HELP,
      advice: 'Add <meta name="ad.orientation" content="portrait"> (or landscape, or portrait,landscape).',
    },
  ],
  notCovered: ['Network requests, audio and CTA calls: the help pages set no rule for them.'],
}
