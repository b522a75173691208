import { MB } from '../format.ts'
import type { TargetProfile, TargetSource } from '../types.ts'

const AXON: TargetSource = {
  title: 'Axon by AppLovin: creative best practices and guidelines',
  url: 'https://support.axon.ai/en/growth/promoting-your-apps/creatives/best-practices-and-guidelines',
  checked: '2026-11-23',
}

export const applovin: TargetProfile = {
  id: 'applovin',
  name: 'AppLovin',
  kind: 'playable',
  rules: [
    {
      id: 'single-file',
      label: 'One HTML file, every asset inlined',
      measure: 'files.count',
      check: { max: 1 },
      severity: 'fail',
      source: AXON,
      advice: 'Inline images, fonts and scripts as base64 into the one HTML file.',
    },
    {
      id: 'html-size',
      label: 'HTML at most 5 MB',
      measure: 'entry.bytes',
      check: { max: 5 * MB },
      severity: 'fail',
      source: AXON,
    },
    {
      id: 'external-references',
      label: 'No external resources in the code',
      measure: 'refs.external',
      check: { max: 0 },
      severity: 'fail',
      source: AXON,
    },
    {
      id: 'network-calls',
      label: 'No network calls while it runs',
      measure: 'run.blocked',
      check: { max: 0 },
      severity: 'fail',
      source: AXON,
      advice: 'Every request outside the package counts, including analytics and fonts.',
    },
    {
      id: 'first-tap',
      label: 'The first tap does not open the store',
      measure: 'run.firstTapStore',
      check: { equals: false },
      severity: 'fail',
      source: AXON,
    },
    {
      id: 'muted-start',
      label: 'Muted until the first touch',
      measure: 'run.audioBeforeTouch',
      check: { equals: false },
      severity: 'fail',
      source: AXON,
    },
    {
      id: 'audio-after-close',
      label: 'Audio stops when the ad closes',
      measure: 'run.audioAfterClose',
      check: { equals: false },
      severity: 'fail',
      source: AXON,
    },
    {
      id: 'cta-call',
      label: 'Clickthrough through mraid.open()',
      measure: 'code.calls',
      check: { includes: 'mraid.open' },
      severity: 'fail',
      source: AXON,
    },
    {
      id: 'cta-tapped',
      label: 'Tapped, it calls mraid.open()',
      measure: 'run.ctaCall',
      check: { equals: 'mraid.open' },
      severity: 'fail',
      source: AXON,
    },
    {
      id: 'ready',
      label: "MRAID calls wait for 'ready'",
      measure: 'mraid.beforeReady',
      check: { equals: false },
      severity: 'warn',
      source: AXON,
    },
  ],
  notCovered: [
    'Works in portrait and landscape; timer starts at the first touch; loads in a reasonable time: not measured as rules (the audit shows the time to ready).',
  ],
}
