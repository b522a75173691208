import { MB } from '../format.ts'
import type { TargetProfile, TargetSource } from '../types.ts'

const HELP: TargetSource = {
  title: 'Display & Video 360 help: guidelines for rich media creatives (NETWORKS.md cites 10261241)',
  url: 'https://support.google.com/displayvideo/answer/10260435',
  checked: '2026-11-23',
}

export const displayVideo360: TargetProfile = {
  id: 'display-video-360',
  name: 'Display & Video 360',
  kind: 'display',
  rules: [
    {
      id: 'download-size',
      label: 'At most 5 MB downloaded',
      measure: 'run.bytes',
      estimate: 'files.bytes',
      check: { max: 5 * MB },
      severity: 'fail',
      source: HELP,
    },
    {
      id: 'http-calls',
      label: 'At most 100 HTTP calls',
      measure: 'run.requests',
      check: { max: 100 },
      severity: 'fail',
      source: HELP,
    },
    {
      id: 'autoplay-audio',
      label: 'No audio before a touch',
      measure: 'run.audioBeforeTouch',
      check: { equals: false },
      severity: 'fail',
      source: HELP,
    },
  ],
  notCovered: [
    'At most 25 cookies: a preview runs sandboxed without cookies, so it cannot count them.',
    'Animation at most 30 s: the product does not measure animation length.',
  ],
}
