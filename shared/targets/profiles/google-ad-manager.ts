import { KB } from '../format.ts'
import type { TargetProfile, TargetSource } from '../types.ts'

const REASONS: TargetSource = {
  title: 'Google Ad Manager API: HtmlBundleProcessorError.Reason',
  url: 'https://developers.google.com/ad-manager/api/reference/v202411/CreativeService.HtmlBundleProcessorError.Reason',
  checked: '2026-11-23',
}

export const googleAdManager: TargetProfile = {
  id: 'google-ad-manager',
  name: 'Google Ad Manager HTML5',
  kind: 'display',
  rules: [
    {
      id: 'zip-size',
      label: 'Zip at most 1000 KB (FILE_SIZE_TOO_LARGE)',
      measure: 'zip.bytes',
      check: { max: 1000 * KB },
      severity: 'fail',
      source: REASONS,
    },
    {
      id: 'unpacked-size',
      label: 'Files at most 1000 KB unpacked (FILE_SIZE_TOO_LARGE)',
      measure: 'files.bytes',
      check: { max: 1000 * KB },
      severity: 'fail',
      source: REASONS,
    },
    {
      id: 'file-count',
      label: 'At most 50 files (FILES_TOO_MANY)',
      measure: 'files.count',
      check: { max: 50 },
      severity: 'fail',
      source: REASONS,
    },
    {
      id: 'primary-html',
      label: 'A primary HTML file (PRIMARY_HTML_MISSING)',
      measure: 'entry.found',
      check: { equals: true },
      severity: 'fail',
      source: REASONS,
    },
    {
      id: 'flash',
      label: 'No Flash files (FLASH_UNSUPPORTED)',
      measure: 'files.flash',
      check: { max: 0 },
      severity: 'fail',
      source: REASONS,
    },
    {
      id: 'click-tag-hard-coded',
      label: 'No hard-coded clickthrough URL (CLICK_TAG_HARD_CODED)',
      measure: 'clickTag.hardCodedClicks',
      check: { max: 0 },
      severity: 'fail',
      source: REASONS,
      advice: 'Open the clickthrough with the clickTag variable, not a URL written into the code.',
    },
    {
      id: 'click-tag-primary',
      label: 'clickTag declared in the primary HTML (CLICK_TAG_NOT_IN_PRIMARY_HTML)',
      measure: 'clickTag.outsideEntry',
      check: { equals: false },
      severity: 'fail',
      source: REASONS,
    },
  ],
  notCovered: [
    'External and plain-http references: the error reasons say nothing about them.',
    'The ad.size meta tag: Ad Manager reads the size from it, but no error reason names it, so its absence is not judged.',
  ],
}
