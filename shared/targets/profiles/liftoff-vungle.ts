import { MB } from '../format.ts'
import type { TargetProfile, TargetSource } from '../types.ts'

const VUNGLE: TargetSource = {
  title: 'Vungle support: Building for Vungle, creative requirements',
  url: 'https://support.vungle.com/hc/en-us/articles/360056663752',
  checked: '2026-11-23',
}

export const liftoffVungle: TargetProfile = {
  id: 'liftoff-vungle',
  name: 'Liftoff / Vungle',
  kind: 'playable',
  rules: [
    {
      id: 'size',
      label: 'At most 5 MB',
      measure: 'files.bytes',
      check: { max: 5 * MB },
      severity: 'fail',
      source: VUNGLE,
    },
    {
      id: 'entry-name',
      label: 'The main HTML file is ad.html',
      measure: 'files.rootHtml',
      check: { includes: 'ad.html' },
      severity: 'fail',
      source: VUNGLE,
      advice: 'Vungle asks for ad.html (not index.html); this product previews index.html.',
    },
    {
      id: 'download',
      label: "CTA through parent.postMessage('download')",
      measure: 'code.calls',
      check: { includes: "postMessage('download')" },
      severity: 'fail',
      source: VUNGLE,
    },
    {
      id: 'complete',
      label: "Sends parent.postMessage('complete')",
      measure: 'code.calls',
      check: { includes: "postMessage('complete')" },
      severity: 'fail',
      source: VUNGLE,
      advice: 'Send it when the experience ends, or after 5 or more interactions.',
    },
    {
      id: 'muted-start',
      label: 'Starts muted',
      measure: 'run.audioBeforeTouch',
      check: { equals: false },
      severity: 'fail',
      source: VUNGLE,
    },
    {
      id: 'console-errors',
      label: 'No errors in the console',
      measure: 'run.consoleErrors',
      check: { max: 0 },
      severity: 'fail',
      source: VUNGLE,
    },
    {
      id: 'exceptions',
      label: 'No uncaught exceptions',
      measure: 'run.exceptions',
      check: { max: 0 },
      severity: 'fail',
      source: VUNGLE,
    },
  ],
  notCovered: ['Orientation changes and a visible CTA throughout: not measured.'],
}
