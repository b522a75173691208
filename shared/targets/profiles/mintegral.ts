import { MB } from '../format.ts'
import type { TargetProfile, TargetSource } from '../types.ts'

const RESTATED: TargetSource = {
  title: 'Luna playable docs on Mintegral, restated (NETWORKS.md)',
  checked: '2026-11-23',
  secondary: true,
}

const calls = (name: string) => ({
  id: `calls-${name.toLowerCase()}`,
  label: `Calls ${name}()`,
  measure: 'code.calls' as const,
  check: { includes: name },
  severity: 'fail' as const,
  source: RESTATED,
})

export const mintegral: TargetProfile = {
  id: 'mintegral',
  name: 'Mintegral',
  kind: 'playable',
  rules: [
    {
      id: 'size',
      label: 'At most 5 MB',
      measure: 'files.bytes',
      check: { max: 5 * MB },
      severity: 'fail',
      source: RESTATED,
    },
    { ...calls('gameReady'), advice: 'Call window.gameReady() once the ad can be played.' },
    { ...calls('gameEnd'), advice: 'Call window.gameEnd() when the play ends.' },
    { ...calls('install'), advice: 'Call window.install() from the CTA.' },
  ],
  notCovered: ['Mintegral publishes no page we could read: every rule comes from a third party.'],
}
