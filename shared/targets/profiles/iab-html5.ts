import { KB } from '../format.ts'
import type { TargetProfile, TargetSource } from '../types.ts'

const IAB: TargetSource = {
  title: 'IAB HTML5 for Digital Advertising guidelines (PDF copies), with the 2016 v2 guide',
  checked: '2026-11-23',
}

// Initial load and subload budgets per ad size (the guide's table; "phone interstitial" is
// the 320x480 / 480x320 full-screen unit). Sizes the table leaves out get no verdict.
const INITIAL = { small: 150 * KB, wide: 200 * KB, large: 250 * KB, banner: 50 * KB, interstitial: 300 * KB }
const SUBLOAD = { small: 300 * KB, wide: 400 * KB, large: 500 * KB, banner: 100 * KB, interstitial: 600 * KB }
const bySize = (budget: typeof INITIAL) => ({
  '300x250': budget.small,
  '728x90': budget.small,
  '160x600': budget.small,
  '970x90': budget.wide,
  '970x250': budget.large,
  '300x1050': budget.large,
  '320x50': budget.banner,
  '320x480': budget.interstitial,
  '480x320': budget.interstitial,
})

export const iabHtml5: TargetProfile = {
  id: 'iab-html5',
  name: 'IAB HTML5 budgets',
  kind: 'guideline',
  rules: [
    {
      id: 'initial-load',
      label: 'Initial load within the budget for the ad size',
      measure: 'run.initialBytes',
      estimate: 'load.initialBytes',
      check: { maxBySize: bySize(INITIAL) },
      severity: 'fail',
      source: IAB,
      advice: 'Load what the first frame does not need after the ad is shown (subload).',
    },
    {
      id: 'subload',
      label: 'Subload within the budget for the ad size',
      measure: 'run.subloadBytes',
      estimate: 'load.subloadBytes',
      check: { maxBySize: bySize(SUBLOAD) },
      severity: 'fail',
      source: IAB,
      advice: 'The subload starts 1 s after the page has loaded (domContentLoadedEventEnd).',
    },
    {
      id: 'initial-requests',
      label: 'At most 10 requests in the initial load',
      measure: 'run.initialRequests',
      estimate: 'load.initialRequests',
      check: { max: 10 },
      severity: 'warn',
      source: IAB,
      advice: 'The 2016 version of the guide allows 15. Bundle scripts and sprite images together.',
    },
    {
      id: 'ssl',
      label: 'Every file over https (SSL-compatible)',
      measure: 'refs.plainHttp',
      check: { max: 0 },
      severity: 'fail',
      source: IAB,
      advice: 'Pages and apps served over https block plain-http files: bundle them or load them over https.',
    },
    {
      id: 'cpu',
      label: 'CPU at most 30% while it runs',
      measure: 'run.cpuPercent',
      check: { max: 30 },
      severity: 'warn',
      source: IAB,
    },
  ],
  notCovered: [
    'AdChoices icon at most 5 KB: the product cannot tell the icon from the other images.',
    'Sizes the guide has no budget for get no verdict on the load budgets.',
  ],
}
