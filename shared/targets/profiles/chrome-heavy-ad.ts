import { MB } from '../format.ts'
import type { TargetProfile, TargetSource } from '../types.ts'

const CHROME: TargetSource = {
  title: 'Chrome Platform Status: Heavy Ad Intervention',
  url: 'https://chromestatus.com/feature/4800491902992384',
  checked: '2026-11-23',
}

export const chromeHeavyAd: TargetProfile = {
  id: 'chrome-heavy-ad',
  name: 'Chrome heavy-ad limits',
  kind: 'guideline',
  rules: [
    {
      id: 'network',
      label: 'At most 4 MB of network data',
      measure: 'run.bytes',
      estimate: 'files.bytes',
      check: { max: 4 * MB },
      severity: 'fail',
      source: CHROME,
      advice: 'Chrome replaces an ad that has not been touched and passes this with an error page.',
    },
    {
      id: 'cpu-window',
      label: 'At most 15 s of main-thread time in 30 s',
      measure: 'run.cpuMs',
      check: { max: 15_000 },
      severity: 'fail',
      source: CHROME,
      advice: 'Measured over the first 30 s untouched; stop animation loops when nothing changes.',
    },
  ],
  notCovered: ['60 s of main-thread time in total: the audit watches the first 30 s only.'],
}
