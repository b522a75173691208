import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { page, QUIET_AUDIT, zipStored } from '../../tests/fixtures/target-fixtures.ts'
import { inspectPackage } from '../inspector/inspect.ts'
import { bytesSource } from '../zip/byte-source.ts'
import { evaluateTargets, verdictBadge } from './evaluate.ts'
import { inspectTargets, UnknownTargetError } from './inspect-targets.ts'
import { DEFAULT_TARGET_IDS, findProfiles, TARGET_PROFILES } from './profiles/index.ts'

async function matrixOf(zip: Uint8Array, audit = false) {
  const report = await inspectPackage(bytesSource(zip), { requireMraid: true })
  return evaluateTargets({ facts: report.facts, audit: audit ? QUIET_AUDIT : undefined }, TARGET_PROFILES)
}

const cell = (matrix: Awaited<ReturnType<typeof matrixOf>>, id: string) =>
  matrix.cells.find((c) => `${c.target}/${c.rule}` === id)
const verdicts = (matrix: Awaited<ReturnType<typeof matrixOf>>) =>
  Object.fromEntries(matrix.targets.map((target) => [target.target, target.verdict]))

describe('the matrix', () => {
  it('puts fails first, then warnings, then the rest, and counts them per target', async () => {
    const matrix = await matrixOf(
      zipStored({
        'index.html': page('<script src="mraid.js"></script>', '<img src="https://cdn.example/a.png">'),
      }),
    )
    const order = { fail: 0, warn: 1, unknown: 2, pending: 3, pass: 4 }
    const ranks = matrix.cells.map((c) => order[c.status])
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b))
    const applovin = matrix.targets.find((t) => t.target === 'applovin')!
    expect(applovin).toMatchObject({ verdict: 'fail', pending: 5 })
    expect(cell(matrix, 'applovin/external-references')).toMatchObject({
      status: 'fail',
      figure: '1',
      limit: 'none',
    })
  })

  it('leaves runtime rules pending until the audit, and judges them once it has run', async () => {
    const zip = zipStored({ 'index.html': page('<script src="mraid.js"></script>') })
    expect(cell(await matrixOf(zip), 'chrome-heavy-ad/cpu-window')).toMatchObject({
      status: 'pending',
      figure: '',
    })
    expect(cell(await matrixOf(zip, true), 'chrome-heavy-ad/cpu-window')).toMatchObject({
      status: 'pass',
      figure: '120 ms',
      limit: 'at most 15 s',
    })
  })

  it('says why a size budget cannot be judged without a declared ad size', async () => {
    const matrix = await matrixOf(zipStored({ 'index.html': page('<script src="mraid.js"></script>') }))
    expect(cell(matrix, 'iab-html5/initial-load')).toMatchObject({
      status: 'unknown',
      reason: 'No ad.size meta tag: the budget depends on the ad size.',
    })
  })

  it('adding a network is adding a profile: data only, judged by the same engine', async () => {
    const zip = zipStored({ 'index.html': page('<script src="mraid.js"></script>') })
    const report = await inspectPackage(bytesSource(zip), { requireMraid: true })
    const source = { title: 'Example network specs', checked: '2026-11-23' }
    const exampleNetwork = {
      id: 'example',
      name: 'Example network',
      kind: 'playable' as const,
      rules: [
        {
          id: 'files',
          label: 'One file',
          measure: 'files.count' as const,
          check: { max: 1 },
          severity: 'fail' as const,
          source,
        },
        {
          id: 'cpu',
          label: 'Light',
          measure: 'run.cpuMs' as const,
          check: { max: 1000 },
          severity: 'warn' as const,
          source,
        },
      ],
      notCovered: ['Nothing else is published.'],
    }
    const before = evaluateTargets({ facts: report.facts, audit: undefined }, [exampleNetwork])
    expect(before.targets[0]).toMatchObject({ verdict: 'pass', pending: 1 })
    const onlyRuntime = { ...exampleNetwork, rules: exampleNetwork.rules.slice(1) }
    expect(
      evaluateTargets({ facts: report.facts, audit: undefined }, [onlyRuntime]).targets[0]?.verdict,
    ).toBe('unknown')
    const heavy = evaluateTargets({ facts: report.facts, audit: { ...QUIET_AUDIT, cpuMs: 4000 } }, [
      exampleNetwork,
    ])
    expect(heavy.targets[0]).toMatchObject({ verdict: 'warn', warnings: 1, pending: 0 })
  })

  it('applies the single-file rules to one HTML file and the zip rules to a zip of files', async () => {
    const single = await matrixOf(zipStored({ 'index.html': page('<script src="mraid.js"></script>') }))
    expect(cell(single, 'meta/single-html-size')?.status).toBe('pass')
    expect(cell(single, 'meta/zip-size')).toBeUndefined()
    const multi = await matrixOf(
      zipStored({
        'index.html': page('<script src="mraid.js"></script><script src="a.js"></script>'),
        'a.js': '',
      }),
    )
    expect(cell(multi, 'meta/single-html-size')).toBeUndefined()
    expect(cell(multi, 'meta/zip-size')?.status).toBe('pass')
  })

  it('shows a size as shipped, saying how much of it is base64-inlined', async () => {
    const inlined = `data:image/png;base64,${'A'.repeat(4000)}`
    const matrix = await matrixOf(
      zipStored({ 'index.html': page('<script src="mraid.js"></script>', `<img src="${inlined}">`) }),
    )
    expect(cell(matrix, 'applovin/html-size')?.figure).toBe('4 KB (3.9 KB of it base64-inlined)')
  })
})

describe('the badge', () => {
  it('fails when any chosen target fails, names them, and ignores targets not chosen', async () => {
    const matrix = await matrixOf(zipStored({ 'index.html': page('<script src="mraid.js"></script>') }))
    const badge = verdictBadge(matrix, DEFAULT_TARGET_IDS)
    expect(badge.verdict).toBe('fail')
    expect(badge.targets).toBe(DEFAULT_TARGET_IDS.length)
    expect(badge.failing).toEqual(['Google Ads App (playable)', 'AppLovin', 'Unity Ads', 'Mintegral'])
    expect(verdictBadge(matrix, ['ironsource']).verdict).toBe('pass')
    expect(verdictBadge(matrix, ['google-ad-manager'])).toMatchObject({
      verdict: 'warn',
      warning: ['Google Ad Manager HTML5'],
    })
  })

  it('finds profiles by id and reports the ids it does not know', () => {
    const { profiles, unknown } = findProfiles(['unity', 'myspace'])
    expect(profiles.map((p) => p.id)).toEqual(['unity'])
    expect(unknown).toEqual(['myspace'])
  })
})

// What a person reading each real creative would say about it, network by network (static rules).
const CORPUS = path.resolve(import.meta.dirname, '../../../shared/corpus/real')
const EXPECTED: Record<string, { verdicts: Record<string, string>; cells: Record<string, string> }> = {
  'iab-mraid3-loadandevents': {
    // Two small files, MRAID, no network: fine for display servers; not a playable anyone ships.
    verdicts: {
      'google-ads-display': 'pass',
      ironsource: 'pass',
      applovin: 'fail',
      'campaign-manager-360': 'fail',
    },
    cells: {
      'applovin/single-file': 'fail',
      'campaign-manager-360/mraid': 'fail',
      'google-ad-manager/ad-size-meta': 'warn',
    },
  },
  'iab-mraid3-viewability': {
    // 482 KB of bundled libraries: under Ad Manager's 1000 KB, a zip of 100 KB under Google Ads' 150 KB.
    verdicts: { 'google-ads-display': 'pass', 'chrome-heavy-ad': 'pass', ironsource: 'pass' },
    cells: { 'google-ad-manager/unpacked-size': 'pass', 'amazon-ad-server/standard-size': 'warn' },
  },
  'webtester-fullpage-interstitial': {
    // One self-contained HTML file: AppLovin's packaging is met; it has no clickthrough at all.
    verdicts: { ironsource: 'pass', 'google-ads-display': 'pass' },
    cells: {
      'applovin/single-file': 'pass',
      'applovin/external-references': 'pass',
      'applovin/cta-call': 'fail',
    },
  },
  'webtester-resize-errors': {
    verdicts: { ironsource: 'pass' },
    cells: { 'unity/single-file': 'pass', 'amazon-ad-server/alert': 'warn' },
  },
  'webtester-video-interstitial': {
    // A 708 KB mp4 in the zip and the video fetched over plain http from elsewhere.
    verdicts: { 'google-ads-display': 'fail', 'campaign-manager-360': 'fail' },
    cells: {
      'google-ads-display/zip-size': 'fail',
      'campaign-manager-360/ssl': 'fail',
      'campaign-manager-360/orphans': 'warn',
      'google-ad-manager/zip-size': 'pass',
    },
  },
  'webtester-resize': {
    verdicts: { ironsource: 'warn' },
    cells: {
      'applovin/external-references': 'fail',
      'unity/cta-call': 'pass',
      'google-ads-display/external': 'fail',
    },
  },
  'appnexus-sdk-mraid2-tester': {
    // mraid.open() with a URL written into the code: Ad Manager's CLICK_TAG_HARD_CODED.
    verdicts: { 'google-ad-manager': 'fail' },
    cells: { 'google-ad-manager/click-tag-hard-coded': 'fail', 'applovin/cta-call': 'pass' },
  },
  'appnexus-ext-test-ad-NEGATIVE': {
    verdicts: { applovin: 'fail' },
    cells: { 'applovin/ready': 'warn', 'campaign-manager-360/ssl': 'fail' },
  },
  'iab-mraid3-viewability-with-mock-NEGATIVE': {
    // No index.html, but an ad.html: Vungle's entry name is met, the others find no primary HTML.
    verdicts: { 'google-ad-manager': 'fail' },
    cells: {
      'google-ad-manager/primary-html': 'fail',
      'liftoff-vungle/entry-name': 'pass',
      'unity/entry-name': 'fail',
    },
  },
  'iab-mraid3-resize-negative': {
    // Never loads mraid.js: the one thing TikTok and Campaign Manager 360 ask.
    verdicts: {},
    cells: { 'tiktok-pangle/no-mraid': 'pass', 'campaign-manager-360/mraid': 'pass' },
  },
}

describe.skipIf(!fs.existsSync(CORPUS))('the real creatives of ../shared/corpus, network by network', () => {
  it.each(Object.entries(EXPECTED))('%s', async (name, expected) => {
    const matrix = await matrixOf(new Uint8Array(fs.readFileSync(path.join(CORPUS, `${name}.zip`))))
    expect(verdicts(matrix)).toMatchObject(expected.verdicts)
    const statuses = Object.fromEntries(
      Object.keys(expected.cells).map((id) => [id, cell(matrix, id)?.status]),
    )
    expect(statuses).toEqual(expected.cells)
  })
})

describe('inspectTargets, the one call from zip bytes', () => {
  it('answers the inspection, the matrix and the badge for the chosen targets, and refuses unknown ones', async () => {
    const zip = zipStored({ 'index.html': page('<script src="mraid.js"></script>') })
    const check = await inspectTargets(bytesSource(zip), { targets: ['unity', 'ironsource'] })
    expect(check.inspection.ok).toBe(true)
    expect(check.matrix.targets.map((t) => t.target)).toEqual(['unity', 'ironsource'])
    expect(check.badge).toMatchObject({ verdict: 'fail', failing: ['Unity Ads'], targets: 2 })
    const defaults = await inspectTargets(bytesSource(zip))
    expect(defaults.matrix.targets.map((t) => t.target)).toEqual(DEFAULT_TARGET_IDS)
    await expect(inspectTargets(bytesSource(zip), { targets: ['myspace'] })).rejects.toThrow(
      new UnknownTargetError(['myspace']),
    )
  })
})
