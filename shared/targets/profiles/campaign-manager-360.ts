import { MB } from '../format.ts'
import type { TargetProfile, TargetSource } from '../types.ts'

const HELP: TargetSource = {
  title: 'Campaign Manager 360 help: display creative assets (HTML5)',
  url: 'https://support.google.com/campaignmanager/answer/4558694',
  checked: '2026-11-23',
}
const RULES: TargetSource = {
  title: 'Campaign Manager 360 API: Shared.Types ValidationRule',
  checked: '2026-11-23',
}

// Campaign Manager 360 serves HTML5 display ads to web pages: an MRAID creative is not its kind.
export const campaignManager360: TargetProfile = {
  id: 'campaign-manager-360',
  name: 'Campaign Manager 360',
  kind: 'display',
  refusesMraid: true,
  rules: [
    {
      id: 'zip-size',
      label: 'Zip at most 9.5 MB',
      measure: 'zip.bytes',
      check: { max: 9.5 * MB },
      severity: 'fail',
      source: HELP,
    },
    {
      id: 'file-count',
      label: 'At most 100 files',
      measure: 'files.count',
      check: { max: 100 },
      severity: 'fail',
      source: HELP,
    },
    {
      id: 'primary-html',
      label: 'A primary HTML file (PRIMARY_HTML_MISSING)',
      measure: 'entry.found',
      check: { equals: true },
      severity: 'fail',
      source: RULES,
    },
    {
      id: 'click-tag',
      label: 'At least one clickTag in the primary HTML (CLICK_TAG_MISSING)',
      measure: 'clickTag.declared',
      check: { equals: true },
      severity: 'fail',
      source: HELP,
      advice: 'Declare var clickTag = "https://..." in index.html and open it on click.',
    },
    {
      id: 'mraid',
      label: 'No mraid.js (MRAID_REFERENCED)',
      measure: 'mraid.referenced',
      check: { equals: false },
      severity: 'fail',
      source: RULES,
    },
    {
      id: 'ssl',
      label: 'No plain-http references (NOT_SSL_COMPLIANT)',
      measure: 'refs.plainHttp',
      check: { max: 0 },
      severity: 'fail',
      source: RULES,
    },
    {
      id: 'external',
      label: 'No files from other servers (EXTERNAL_FILE_REFERENCED)',
      measure: 'refs.external',
      check: { max: 0 },
      severity: 'warn',
      source: RULES,
    },
    {
      id: 'orphans',
      label: 'No unused files (ORPHANED_ASSET)',
      measure: 'files.unreferenced',
      check: { max: 0 },
      severity: 'warn',
      source: RULES,
    },
  ],
  notCovered: [
    'Campaign Manager 360 reports its validation rules as warnings; which of them block trafficking it does not say: missing clickTag, MRAID and plain http are marked fail here because the ad cannot count clicks or serve on https pages.',
  ],
}
