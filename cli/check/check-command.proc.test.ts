// `ads-preview check` in process, with its real worker threads, on the real-world corpus
// (skipped without ../shared) and on packages made in code: verdicts, every format held to its
// own validator, exit codes, progress lines, the limits a hostile package meets, a big folder.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { DEFAULT_TARGET_IDS } from '../../shared/targets/profiles/index.ts'
import { playablePackage, slowPackage, writeFixturePackages } from '../../tests/fixtures/check-packages.ts'
import { zipOf } from '../../tests/fixtures/packages.ts'
import { parseJsonReport, parseJunit, sarifValidationErrors } from '../../tests/helpers/check-formats.ts'
import { runCheckCommand } from './check-command.ts'
import type { CheckLimits } from './pool.ts'
import { spawnSourceWorker } from './source-worker.ts'

const CORPUS = path.resolve(import.meta.dirname, '../../../shared/corpus/real')
/** Refused at upload under requireMraid: no MRAID, no HTML entry. The rest are created. */
const CORPUS_REFUSED = new Set([
  'iab-mraid3-resize-negative.zip',
  'iab-mraid3-viewability-with-mock-NEGATIVE.zip',
])
/** The correct creatives ("judge from its content" ones included): they pass the default targets too. */
const CORPUS_PASSES = new Set([
  'iab-mraid3-loadandevents.zip',
  'iab-mraid3-viewability.zip',
  'webtester-fullpage-interstitial.zip',
  'webtester-resize-errors.zip',
])

// Every call starts checking processes and some validate with the SARIF Multitool: 0.3-9 s a
// test measured here beside the suite at a load of 30-39; longer ones say so.
vi.setConfig({ testTimeout: 30_000 })

let dir: string
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-command-'))
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/**
 * The command in this process with its real checking processes: one unless the test asks for
 * more, since starting one takes a second or more on two cores shared with the rest of the suite.
 */
async function check(
  args: string[],
  options: { progress?: boolean; limits?: Partial<CheckLimits>; env?: NodeJS.ProcessEnv } = {},
) {
  let stdout = ''
  let stderr = ''
  const jobs = args.includes('--jobs') ? [] : ['--jobs', '1']
  const code = await runCheckCommand([...args, ...jobs], {
    version: '0.0.0-test',
    spawnWorker: spawnSourceWorker,
    io: {
      stdout: (text) => {
        stdout += text
      },
      stderr: (text) => {
        stderr += text
      },
      progress: options.progress ?? false,
      cwd: dir,
      env: options.env ?? {},
    },
    ...(options.limits ? { limits: options.limits } : {}),
  })
  return { code, stdout, stderr }
}

describe.skipIf(!fs.existsSync(CORPUS))('the real creatives of ../shared/corpus', () => {
  it('without targets, fails the run on the refused ones only', async () => {
    const { code, stdout } = await check([CORPUS, '--format', 'json', '--targets', 'none'])
    expect(code).toBe(1)
    const report = parseJsonReport(stdout)
    expect(report.summary.packages).toBe(13)
    for (const verdict of report.packages) {
      const name = path.basename(verdict.file)
      expect({ name, status: verdict.status }).toEqual({
        name,
        status: CORPUS_REFUSED.has(name) ? 'fail' : 'pass',
      })
      expect(verdict.targets).toEqual([])
    }
  })

  it('with the default targets, passes the correct ones and fails each broken one naming its cause', async () => {
    const { code, stdout } = await check([CORPUS, '--format', 'json'])
    expect(code).toBe(1)
    for (const verdict of parseJsonReport(stdout).packages) {
      const name = path.basename(verdict.file)
      expect(verdict.targets.map((t) => t.id)).toEqual([...DEFAULT_TARGET_IDS])
      // Display creatives all: the playable networks do not judge them, which is no failure.
      expect(verdict.targets.find((t) => t.id === 'mintegral')).toMatchObject({
        ok: true,
        verdict: 'not-for-kind',
      })
      expect({ name, status: verdict.status }).toEqual({
        name,
        status: CORPUS_PASSES.has(name) ? 'pass' : 'fail',
      })
    }
    const text = (await check([CORPUS])).stdout
    expect(text).toMatch(
      /FAIL .*iab-mraid3-resize-negative\.zip\n.*mraid\.not-referenced: index\.html does not load mraid\.js/,
    )
    expect(text).toMatch(
      /FAIL .*viewability-with-mock-NEGATIVE\.zip.*\n.*structure\.no-entry: No index\.html/,
    )
    expect(text).toMatch(
      /FAIL .*webtester-video-interstitial\.zip.*\n.*\[iab-html5\] Every file over https \(SSL-compatible\): 1/,
    )
    expect(text).toMatch(/13 packages: 4 passed, 9 failed, 0 unreadable/)
  })

  it('writes JUnit XML that parses, with a failure for each invalid creative', async () => {
    const { stdout } = await check([CORPUS, '--format', 'junit', '--targets', 'none'])
    const junit = parseJunit(stdout)
    expect(junit.tests).toBe(13)
    expect(junit.failures).toBe(CORPUS_REFUSED.size)
    expect(junit.cases.find((c) => c.name.endsWith('iab-mraid3-resize-negative.zip'))?.failure).toContain(
      'mraid.not-referenced',
    )
  })
})

describe('packages made in code', () => {
  let fixtures: ReturnType<typeof writeFixturePackages>
  beforeAll(() => {
    fixtures = writeFixturePackages(path.join(dir, 'fixtures'), 40)
  })

  it('gives every package the verdict of the spec validation and the default targets, sorted', async () => {
    const { code, stdout } = await check(['fixtures', '--format', 'json'])
    expect(code).toBe(1)
    const report = parseJsonReport(stdout)
    const names = fixtures.map((f) => path.relative(dir, f.file)).sort()
    expect(report.packages.map((v) => v.file)).toEqual(names)
    for (const fixture of fixtures) {
      const verdict = report.packages.find((v) => v.file === path.relative(dir, fixture.file))
      expect(verdict?.status).toBe(fixture.passes && fixture.passesTargets ? 'pass' : 'fail')
      const errors = verdict?.issues.filter((i) => i.severity === 'error').map((i) => i.rule)
      if (fixture.failsWith) expect(errors).toContain(fixture.failsWith)
      else expect(errors).toEqual([])
    }
  })

  it('holds every format to its validator, hostile names included', async () => {
    const hostile = path.join(dir, 'hostile-names')
    fs.mkdirSync(hostile, { recursive: true })
    fs.writeFileSync(
      path.join(hostile, 'a&b <"quoted">.zip'),
      zipOf({
        'index.html': '<img src="http://x.example/a.png"><script src="mraid.js"></script>',
        'odd\u0001]]>&amp;.js': 'x',
      }),
    )
    const junit = parseJunit((await check(['hostile-names', 'fixtures', '--format', 'junit'])).stdout)
    expect(junit.cases[0]?.name).toBe('hostile-names/a&b <"quoted">.zip')
    expect(junit.cases[0]?.failure).toContain('[iab-html5] Every file over https')
    // One SARIF log for all of them (the validator takes seconds): the corpus too when it is here.
    const sarif = (
      await check([
        'hostile-names',
        'fixtures',
        ...(fs.existsSync(CORPUS) ? [CORPUS] : []),
        '--format',
        'sarif',
      ])
    ).stdout
    expect(sarifValidationErrors(sarif)).toEqual([])
    const rules = JSON.parse(sarif).runs[0].results.map((r: { ruleId: string }) => r.ruleId)
    expect(rules).toContain('mraid.not-referenced')
    expect(rules).toContain('target.iab-html5.ssl')
    const text = (await check(['hostile-names', '--format', 'text'])).stdout
    expect(text).toMatch(/^FAIL {2}hostile-names\/a&b <"quoted">\.zip/m)
    expect(text).toMatch(/1 package: 0 passed, 1 failed, 0 unreadable/)
  }, 90_000) // four runs, one SARIF validation: 7-36 s measured here beside the suite at a load of 30-39

  it('exits 0 when every package passes, and lists them', async () => {
    const playables = fixtures.filter((f) => f.passesTargets).map((f) => f.file)
    const defaults = await check(playables)
    expect(defaults.code).toBe(0)
    expect(defaults.stdout.match(/^PASS /gm)).toHaveLength(playables.length)
    const valid = fixtures.filter((f) => f.passes).map((f) => f.file)
    const withoutTargets = await check([...valid, '--targets', 'none'])
    expect(withoutTargets.code).toBe(0)
    expect(withoutTargets.stdout.match(/^PASS /gm)).toHaveLength(valid.length)
  })

  it('judges the targets --targets names; one that does not serve the kind is no failure', async () => {
    const playable = fixtures.find((f) => f.passesTargets)!.file
    const { code, stdout } = await check([
      playable,
      '--targets',
      'campaign-manager-360,applovin',
      '--format',
      'json',
    ])
    // Campaign Manager 360 refuses mraid.js: it does not judge an MRAID creative at all.
    expect(code).toBe(0)
    const [verdict] = parseJsonReport(stdout).packages
    expect(verdict?.targets).toMatchObject([
      { id: 'campaign-manager-360', ok: true, verdict: 'not-for-kind', issues: [] },
      { id: 'applovin', ok: true, verdict: 'pass' },
    ])
  })

  it('takes its default targets from DEFAULT_TARGETS when it is set', async () => {
    const http = fixtures.find((f) => f.passes && !f.passesTargets)!.file
    const { code, stdout } = await check([http, '--format', 'json'], {
      env: { DEFAULT_TARGETS: 'iab-html5' },
    })
    expect(code).toBe(1)
    expect(parseJsonReport(stdout).targets).toEqual(['iab-html5'])
    expect(
      (await check([http, '--format', 'json'], { env: { DEFAULT_TARGETS: 'chrome-heavy-ad' } })).code,
    ).toBe(0)
  })

  it('writes the report to --output and the text report to standard output', async () => {
    const { code, stdout } = await check(['fixtures', '--format', 'junit', '--output', 'report.xml'])
    expect(code).toBe(1)
    expect(parseJunit(fs.readFileSync(path.join(dir, 'report.xml'), 'utf8')).tests).toBe(40)
    const passed = fixtures.filter((f) => f.passes && f.passesTargets).length
    expect(stdout).toContain(`40 packages: ${passed} passed, ${40 - passed} failed, 0 unreadable`)
  })

  it('prints a progress line per package on a terminal, none otherwise', async () => {
    const onTerminal = await check(['fixtures'], { progress: true })
    expect(
      onTerminal.stderr.match(/^\[\d+\/40\] (PASS|FAIL) fixtures\/batch-0\/fixture-\d+\.zip$/gm),
    ).toHaveLength(40)
    expect((await check(['fixtures'], { progress: false })).stderr).toBe('')
  })
})

describe('exit code 2', () => {
  it.each([
    [['--format', 'xml', 'x.zip'], /--format must be one of text, json, junit, sarif/],
    [['--jobs', '0', 'x.zip'], /--jobs must be a whole number/],
    [['--no-such-option', 'x.zip'], /Unknown option '--no-such-option'/],
    [['--targets', 'applovin,nowhere', 'x.zip'], /unknown target nowhere: known are iab-html5, /],
    [[], /name at least one \.zip file or folder/],
    [['missing.zip'], /cannot read missing\.zip: no such file or folder/],
  ])('for %j', async (args, message) => {
    const { code, stderr, stdout } = await check(args)
    expect(code).toBe(2)
    expect(stderr).toMatch(message)
    expect(stdout).toBe('')
  })

  it('for a folder without a .zip', async () => {
    fs.mkdirSync(path.join(dir, 'empty'), { recursive: true })
    const { code, stderr } = await check(['empty'])
    expect(code).toBe(2)
    expect(stderr).toMatch(/empty holds no \.zip file/)
  })

  it('for a package that cannot be read, after checking the others', async () => {
    const unreadable = path.join(dir, 'unreadable')
    fs.mkdirSync(unreadable, { recursive: true })
    fs.writeFileSync(path.join(unreadable, 'a-good.zip'), playablePackage())
    fs.symlinkSync(path.join(unreadable, 'gone.zip'), path.join(unreadable, 'b-broken-link.zip'))
    const { code, stdout } = await check(['unreadable'])
    expect(code).toBe(2)
    expect(stdout).toMatch(/^PASS {2}unreadable\/a-good\.zip/m)
    expect(stdout).toMatch(
      /^ERROR unreadable\/b-broken-link\.zip\n {6}cannot read unreadable\/b-broken-link\.zip: ENOENT/m,
    )
  })

  it('when --output cannot be written', async () => {
    const { code, stderr } = await check(['fixtures', '--output', 'no-such-folder/report.xml'])
    expect(code).toBe(2)
    expect(stderr).toMatch(/cannot write no-such-folder\/report\.xml/)
  })
})

describe('a hostile package meets the limits and the run goes on', () => {
  beforeAll(() => {
    const hostile = path.join(dir, 'hostile')
    fs.mkdirSync(hostile, { recursive: true })
    fs.writeFileSync(path.join(hostile, 'a-slow.zip'), slowPackage())
    writeFixturePackages(path.join(hostile, 'b'), 1)
  })

  it('fails a package that takes longer than the time limit, and checks the next one', async () => {
    const { code, stdout } = await check(['hostile', '--format', 'json', '--jobs', '1'], {
      limits: { timeMs: 1_000 },
    })
    expect(code).toBe(1)
    const [slowVerdict, next] = parseJsonReport(stdout).packages
    expect(slowVerdict?.issues.map((i) => i.rule)).toEqual(['check.time-limit'])
    expect(slowVerdict?.ms).toBeLessThan(5_000)
    expect(next?.status).toBe('pass')
  })

  it('fails a package that needs more memory than the limit, and checks the next one', async () => {
    const { code, stdout } = await check(['hostile', '--format', 'json', '--jobs', '1'], {
      limits: { heapMb: 48 },
    })
    expect(code).toBe(1)
    const [slowVerdict, next] = parseJsonReport(stdout).packages
    expect(slowVerdict?.issues.map((i) => i.rule)).toEqual(['check.memory-limit'])
    expect(next?.status).toBe('pass')
  })
})

it('checks a folder of 2,000 packages in one run', async () => {
  const big = path.join(dir, 'big')
  const fixtures = writeFixturePackages(big, 2_000)
  const { code, stdout } = await check(['big', '--format', 'json', '--jobs', '2'])
  expect(code).toBe(1)
  const report = parseJsonReport(stdout)
  expect(report.summary).toEqual({
    packages: 2_000,
    passed: fixtures.filter((f) => f.passes && f.passesTargets).length,
    failed: fixtures.filter((f) => !(f.passes && f.passesTargets)).length,
    errors: 0,
  })
}, 45_000) // 4.3-15.7 s measured here beside the suite at a load of 30-39

describe('the format validators the tests use see a broken report', () => {
  it('the SARIF Multitool names schema errors', () => {
    const broken = {
      version: '2.1.0',
      runs: [{ tool: { driver: {} }, results: [{ level: 'bad', message: {} }] }],
    }
    expect(sarifValidationErrors(JSON.stringify(broken)).join('\n')).toMatch(/JSON1002|JSON1019/)
  }, 45_000) // the Multitool's start: 1.9-17.4 s measured here beside the suite at a load of 30-39

  it('the JUnit reader refuses markup that is not escaped and counts that do not add up', () => {
    const suite = (attributes: string, name: string) =>
      `<testsuites ${attributes}><testsuite><testcase name="${name}"/></testsuite></testsuites>`
    expect(() => parseJunit(suite('tests="1" failures="0" errors="0"', 'a<b'))).toThrow(/not well-formed/)
    expect(() => parseJunit(suite('tests="2" failures="0" errors="0"', 'a'))).toThrow(/tests="2"/)
    expect(parseJunit(suite('tests="1" failures="0" errors="0"', 'a')).cases).toEqual([{ name: 'a' }])
  })
})
