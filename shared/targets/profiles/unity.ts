import { MB } from '../format.ts'
import type { TargetProfile, TargetSource } from '../types.ts'

const UNITY: TargetSource = {
  title: 'Unity User Acquisition: creative specifications (playable)',
  url: 'https://docs.unity.com/en-us/user-acquisition/creatives/creative-specifications',
  checked: '2026-11-23',
}

export const unity: TargetProfile = {
  id: 'unity',
  name: 'Unity Ads',
  kind: 'playable',
  rules: [
    {
      id: 'single-file',
      label: 'One index.html, no links to other files',
      measure: 'files.count',
      check: { max: 1 },
      severity: 'fail',
      source: UNITY,
      advice: 'Inline every asset into index.html.',
    },
    {
      id: 'entry-name',
      label: 'The file is named index.html',
      measure: 'entry.name',
      check: { equals: 'index.html' },
      severity: 'fail',
      source: UNITY,
    },
    {
      id: 'html-size',
      label: 'index.html under 5 MB',
      measure: 'entry.bytes',
      check: { max: 5 * MB, exclusive: true },
      severity: 'fail',
      source: UNITY,
    },
    {
      id: 'external-references',
      label: 'No links to other servers',
      measure: 'refs.external',
      check: { max: 0 },
      severity: 'fail',
      source: UNITY,
    },
    {
      id: 'viewable-start',
      label: 'No audio before the ad is viewable',
      measure: 'run.audioBeforeViewable',
      check: { equals: false },
      severity: 'warn',
      source: UNITY,
      advice: 'Start on viewableChange(true), not on load.',
    },
    {
      id: 'cta-call',
      label: 'Store link through mraid.open()',
      measure: 'code.calls',
      check: { includes: 'mraid.open' },
      severity: 'fail',
      source: UNITY,
    },
  ],
  notCovered: ['MRAID 3.0 compliance as a whole, and minification: checked by Unity, not measurable here.'],
}
