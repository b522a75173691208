import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { page, QUIET_AUDIT, zipStored } from '../../tests/fixtures/target-fixtures.ts'
import type { CreativeKind } from '../inspector/creative-kind.ts'
import { inspectPackage } from '../inspector/inspect.ts'
import { bytesSource } from '../zip/byte-source.ts'
import { evaluateTargets, verdictBadge } from './evaluate.ts'
import { inspectTargets, UnknownTargetError } from './inspect-targets.ts'
import { DEFAULT_TARGET_IDS, findProfiles, TARGET_PROFILES } from './profiles/index.ts'

/** `kind`: judged as a user who corrected the inferred kind would have it. */
async function matrixOf(zip: Uint8Array, audit = false, kind?: CreativeKind) {
  const report = await inspectPackage(bytesSource(zip), { requireMraid: true })
  return evaluateTargets(
    { facts: report.facts, audit: audit ? QUIET_AUDIT : undefined, ...(kind ? { kind } : {}) },
    TARGET_PROFILES,
  )
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
      false,
      'playable',
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
    const before = evaluateTargets({ facts: report.facts, audit: undefined, kind: 'playable' }, [
      exampleNetwork,
    ])
    expect(before.targets[0]).toMatchObject({ verdict: 'pass', pending: 1 })
    const onlyRuntime = { ...exampleNetwork, rules: exampleNetwork.rules.slice(1) }
    expect(
      evaluateTargets({ facts: report.facts, audit: undefined, kind: 'playable' }, [onlyRuntime]).targets[0]
        ?.verdict,
    ).toBe('unknown')
    const heavy = evaluateTargets(
      { facts: report.facts, audit: { ...QUIET_AUDIT, cpuMs: 4000 }, kind: 'playable' },
      [exampleNetwork],
    )
    expect(heavy.targets[0]).toMatchObject({ verdict: 'warn', warnings: 1, pending: 0 })
    // A display banner is not a playable network's kind: it says so, and that is no failure.
    expect(
      evaluateTargets({ facts: report.facts, audit: undefined }, [exampleNetwork]).targets[0],
    ).toMatchObject({
      verdict: 'not-for-kind',
      reason: 'Not for this kind: Example network serves playable ads; this is a display banner.',
    })
  })

  it('applies the single-file rules to one HTML file and the zip rules to a zip of files', async () => {
    const single = await matrixOf(
      zipStored({ 'index.html': page('<script src="mraid.js"></script>') }),
      false,
      'playable',
    )
    expect(cell(single, 'meta/single-html-size')?.status).toBe('pass')
    expect(cell(single, 'meta/zip-size')).toBeUndefined()
    const multi = await matrixOf(
      zipStored({
        'index.html': page('<script src="mraid.js"></script><script src="a.js"></script>'),
        'a.js': '',
      }),
      false,
      'playable',
    )
    expect(cell(multi, 'meta/single-html-size')).toBeUndefined()
    expect(cell(multi, 'meta/zip-size')?.status).toBe('pass')
  })

  it('shows a size as shipped, saying how much of it is base64-inlined', async () => {
    const inlined = `data:image/png;base64,${'A'.repeat(4000)}`
    const matrix = await matrixOf(
      zipStored({ 'index.html': page('<script src="mraid.js"></script>', `<img src="${inlined}">`) }),
      false,
      'playable',
    )
    expect(cell(matrix, 'applovin/html-size')?.figure).toBe('4 KB (3.9 KB of it base64-inlined)')
  })
})

describe('the badge', () => {
  it('fails when any chosen target fails, names them, and ignores targets not chosen', async () => {
    const zip = zipStored({ 'index.html': page('<script src="mraid.js"></script>') })
    const matrix = await matrixOf(zip, false, 'playable')
    const badge = verdictBadge(matrix, DEFAULT_TARGET_IDS)
    expect(badge.verdict).toBe('fail')
    // Google Ad Manager serves display ads: it does not judge a playable.
    expect(badge.targets).toBe(DEFAULT_TARGET_IDS.length - 1)
    expect(badge.failing).toEqual(['Google Ads App (playable)', 'AppLovin', 'Unity Ads', 'Mintegral'])
    expect(verdictBadge(matrix, ['ironsource']).verdict).toBe('pass')
  })

  it('counts only the targets that serve the creative: a correct display banner passes the defaults', async () => {
    const matrix = await matrixOf(zipStored({ 'index.html': page('<script src="mraid.js"></script>') }))
    expect(verdictBadge(matrix, DEFAULT_TARGET_IDS)).toMatchObject({
      verdict: 'pass',
      failing: [],
      warning: [],
      targets: 3,
    })
    expect(verdicts(matrix)).toMatchObject({
      applovin: 'not-for-kind',
      'campaign-manager-360': 'not-for-kind',
    })
    expect(matrix.creative).toMatchObject({ kind: 'banner', inferred: 'banner' })
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
    // Two small files, MRAID, no network: fine for display servers; playable networks do not judge it.
    verdicts: {
      'google-ads-display': 'pass',
      ironsource: 'not-for-kind',
      applovin: 'not-for-kind',
      'campaign-manager-360': 'not-for-kind',
    },
    cells: { 'google-ad-manager/file-count': 'pass' },
  },
  'iab-mraid3-viewability': {
    // 482 KB of bundled libraries: under Ad Manager's 1000 KB, a zip of 100 KB under Google Ads' 150 KB.
    verdicts: { 'google-ads-display': 'pass', 'chrome-heavy-ad': 'pass', ironsource: 'not-for-kind' },
    cells: { 'google-ad-manager/unpacked-size': 'pass', 'amazon-ad-server/standard-size': 'warn' },
  },
  'webtester-fullpage-interstitial': {
    verdicts: { ironsource: 'not-for-kind', 'google-ads-display': 'pass', 'iab-html5': 'pass' },
    cells: { 'iab-html5/ssl': 'pass', 'google-ad-manager/click-tag-hard-coded': 'pass' },
  },
  'webtester-resize-errors': {
    verdicts: { ironsource: 'not-for-kind' },
    cells: { 'amazon-ad-server/alert': 'warn' },
  },
  'webtester-video-interstitial': {
    // A 708 KB mp4 in the zip and the video fetched over plain http from elsewhere.
    verdicts: { 'google-ads-display': 'fail', 'campaign-manager-360': 'not-for-kind', 'iab-html5': 'fail' },
    cells: {
      'google-ads-display/zip-size': 'fail',
      'iab-html5/ssl': 'fail',
      'google-ad-manager/zip-size': 'pass',
    },
  },
  'webtester-resize': {
    verdicts: { ironsource: 'not-for-kind' },
    cells: { 'google-ads-display/external': 'fail', 'iab-html5/ssl': 'fail' },
  },
  'appnexus-sdk-mraid2-tester': {
    // mraid.open() with a URL written into the code: Ad Manager's CLICK_TAG_HARD_CODED.
    verdicts: { 'google-ad-manager': 'fail' },
    cells: { 'google-ad-manager/click-tag-hard-coded': 'fail' },
  },
  'appnexus-ext-test-ad-NEGATIVE': {
    verdicts: { applovin: 'not-for-kind', 'iab-html5': 'fail' },
    cells: { 'iab-html5/ssl': 'fail' },
  },
  'iab-mraid3-viewability-with-mock-NEGATIVE': {
    // No index.html, but an ad.html: the display servers find no primary HTML.
    verdicts: { 'google-ad-manager': 'fail' },
    cells: { 'google-ad-manager/primary-html': 'fail' },
  },
  'iab-mraid3-resize-negative': {
    // Never loads mraid.js: Campaign Manager 360, which refuses MRAID, judges it (and it passes that rule).
    verdicts: { 'campaign-manager-360': 'fail', 'tiktok-pangle': 'not-for-kind' },
    cells: { 'campaign-manager-360/mraid': 'pass' },
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
    const check = await inspectTargets(bytesSource(zip), { targets: ['unity', 'google-ad-manager'] })
    expect(check.inspection.ok).toBe(true)
    expect(check.matrix.targets.map((t) => [t.target, t.verdict])).toEqual([
      ['unity', 'not-for-kind'],
      ['google-ad-manager', 'pass'],
    ])
    expect(check.badge).toMatchObject({ verdict: 'pass', failing: [], targets: 1 })
    const defaults = await inspectTargets(bytesSource(zip))
    expect(defaults.matrix.targets.map((t) => t.target)).toEqual(DEFAULT_TARGET_IDS)
    await expect(inspectTargets(bytesSource(zip), { targets: ['myspace'] })).rejects.toThrow(
      new UnknownTargetError(['myspace']),
    )
  })
})

describe('rule lines read measured against limit', () => {
  it("a yes/no rule answers its label: MRAID calls wait for 'ready': no (limit: yes)", async () => {
    const early = zipStored({
      'index.html': page('<script src="mraid.js"></script>', '<script>mraid.expand()</script>'),
    })
    expect(cell(await matrixOf(early, false, 'playable'), 'applovin/ready')).toMatchObject({
      status: 'warn',
      figure: 'no',
      limit: 'yes',
    })
    const waits = zipStored({
      'index.html': page(
        '<script src="mraid.js"></script>',
        "<script>mraid.addEventListener('ready', () => mraid.expand())</script>",
      ),
    })
    expect(cell(await matrixOf(waits, false, 'playable'), 'applovin/ready')).toMatchObject({
      status: 'pass',
      figure: 'yes',
      limit: 'yes',
    })
  })
})

describe('a file that is not a readable zip', () => {
  it('gets no target verdicts', async () => {
    for (const bytes of [new Uint8Array(0), new TextEncoder().encode('Rar!\x1a\x07\x00 not a zip at all')]) {
      const check = await inspectTargets(bytesSource(bytes))
      expect(check.inspection.ok).toBe(false)
      expect(check.matrix.targets).toEqual([])
      expect(check.matrix.cells).toEqual([])
    }
  })
})
