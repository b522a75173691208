import { MB } from '../format.ts'
import type { TargetProfile, TargetSource } from '../types.ts'

const LUNA: TargetSource = {
  title: 'Luna overview of network limits (AdColony), restated (NETWORKS.md)',
  checked: '2026-11-23',
  secondary: true,
}

export const adColony: TargetProfile = {
  id: 'adcolony',
  name: 'AdColony',
  kind: 'playable',
  rules: [
    {
      id: 'size',
      label: 'At most 2 MB',
      measure: 'files.bytes',
      check: { max: 2 * MB },
      severity: 'fail',
      source: LUNA,
    },
  ],
  notCovered: ['Only the size is known; the source lists no other rule.'],
}
