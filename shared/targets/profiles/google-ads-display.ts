import { KB } from '../format.ts'
import type { TargetProfile, TargetSource } from '../types.ts'

const API: TargetSource = {
  title: 'Google Ads API: MediaBundleError',
  url: 'https://developers.google.com/google-ads/api/reference/rpc/latest/MediaBundleErrorEnum.MediaBundleError',
  checked: '2026-11-23',
}
const RESTATED: TargetSource = {
  title: 'Secondary restatement of the Google Ads HTML5 upload limits (NETWORKS.md)',
  checked: '2026-11-23',
  secondary: true,
}

export const googleAdsDisplay: TargetProfile = {
  id: 'google-ads-display',
  name: 'Google Ads display upload',
  kind: 'display',
  rules: [
    {
      id: 'zip-size',
      label: 'Zip at most 150 KB',
      measure: 'zip.bytes',
      check: { max: 150 * KB },
      severity: 'fail',
      source: RESTATED,
    },
    {
      id: 'file-count',
      label: 'At most 40 files',
      measure: 'files.count',
      check: { max: 40 },
      severity: 'fail',
      source: RESTATED,
    },
    {
      id: 'external',
      label: 'No external URLs (EXTERNAL_URL_NOT_ALLOWED)',
      measure: 'refs.external',
      check: { max: 0 },
      severity: 'fail',
      source: API,
    },
    {
      id: 'references',
      label: 'Every referenced file in the zip (INVALID_URL_REFERENCE)',
      measure: 'refs.missing',
      check: { max: 0 },
      severity: 'fail',
      source: API,
    },
  ],
  notCovered: [
    'The size and file-count limits come from a third party; Google publishes no page we could read.',
  ],
}
