import { KB, MB } from '../format.ts'
import type { TargetProfile, TargetSource } from '../types.ts'

const SIZMEK: TargetSource = {
  title: 'Sizmek / Amazon Ad Server help 15898053255437',
  checked: '2026-11-23',
}

export const amazonAdServer: TargetProfile = {
  id: 'amazon-ad-server',
  name: 'Amazon Ad Server',
  kind: 'display',
  rules: [
    {
      id: 'rich-media-size',
      label: 'Rich media at most 10 MB',
      measure: 'files.bytes',
      check: { max: 10 * MB },
      severity: 'fail',
      source: SIZMEK,
    },
    {
      id: 'standard-size',
      label: 'Standard banner at most 200 KB',
      measure: 'files.bytes',
      check: { max: 200 * KB },
      severity: 'warn',
      source: SIZMEK,
      advice: 'Applies to standard banners; rich media may weigh up to 10 MB.',
    },
    {
      id: 'alert',
      label: 'No alert()',
      measure: 'code.calls',
      check: { excludes: 'alert' },
      severity: 'warn',
      source: SIZMEK,
    },
    {
      id: 'js-errors',
      label: 'No JavaScript errors',
      measure: 'run.exceptions',
      check: { max: 0 },
      severity: 'warn',
      source: SIZMEK,
    },
  ],
  notCovered: ['Its preview flags these; which block trafficking the source does not say.'],
}
