import { MB } from '../format.ts'
import type { TargetProfile, TargetSource } from '../types.ts'

const RESTATED: TargetSource = {
  title: 'Luna playable docs and the Meta Audience Network page, restated (NETWORKS.md)',
  checked: '2026-11-23',
  secondary: true,
}

// Meta takes either one HTML file or a zip of files, with different limits for each.
export const meta: TargetProfile = {
  id: 'meta',
  name: 'Meta',
  kind: 'playable',
  rules: [
    {
      id: 'single-html-size',
      label: 'Single HTML at most 2 MB',
      measure: 'entry.bytes',
      check: { max: 2 * MB },
      severity: 'fail',
      source: RESTATED,
      when: 'single-file',
    },
    {
      id: 'zip-size',
      label: 'Zip at most 5 MB',
      measure: 'zip.bytes',
      check: { max: 5 * MB },
      severity: 'fail',
      source: RESTATED,
      when: 'multi-file',
    },
    {
      id: 'file-count',
      label: 'Zip of at most 100 files',
      measure: 'files.count',
      check: { max: 100 },
      severity: 'fail',
      source: RESTATED,
      when: 'multi-file',
    },
    {
      id: 'cta-call',
      label: 'CTA through FbPlayableAd.onCTAClick()',
      measure: 'code.calls',
      check: { includes: 'FbPlayableAd.onCTAClick' },
      severity: 'fail',
      source: RESTATED,
    },
    {
      id: 'cta-tapped',
      label: 'Tapped, it calls FbPlayableAd.onCTAClick()',
      measure: 'run.ctaCall',
      check: { equals: 'FbPlayableAd.onCTAClick' },
      severity: 'fail',
      source: RESTATED,
    },
  ],
  notCovered: ['Meta publishes no page we could read: every rule comes from a third party.'],
}
