import { MB } from '../format.ts'
import type { TargetProfile, TargetSource } from '../types.ts'

const IRONSOURCE: TargetSource = {
  title: 'ironSource MRAID specifications and guidelines (as NETWORKS.md records them)',
  checked: '2026-11-23',
}

export const ironSource: TargetProfile = {
  id: 'ironsource',
  name: 'ironSource',
  kind: 'playable',
  rules: [
    {
      id: 'size',
      label: 'At most 4 MB',
      measure: 'files.bytes',
      check: { max: 4 * MB },
      severity: 'fail',
      source: IRONSOURCE,
      advice: 'The source does not say zip or unpacked: the stricter, the unpacked size, is checked.',
    },
    {
      id: 'blocking-pixels',
      label: 'No tracking pixels or other external loads',
      measure: 'refs.external',
      check: { max: 0 },
      severity: 'warn',
      source: IRONSOURCE,
    },
  ],
  notCovered: [
    'A loading screen, and the close button the SDK draws: not measurable from the package.',
    'No public page with a URL could be read; the rules follow NETWORKS.md.',
  ],
}
