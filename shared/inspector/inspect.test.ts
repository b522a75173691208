import fs from 'node:fs'
import path from 'node:path'
import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { bytesSource } from '../zip/byte-source.ts'
import { buildZip } from '../zip/test-zip-builder.ts'
import { inspectionErrors, inspectionWarnings, inspectPackage } from './inspect.ts'
import { refusalHeadline } from './refusal.ts'

const MRAID_INDEX = '<!doctype html><html><head><script src="mraid.js"></script></head><body></body></html>'

/** `options`: false for a deployment without REQUIRE_MRAID, or the warnings it refuses. */
async function inspect(
  files: Record<string, string | Uint8Array> | Uint8Array,
  options: boolean | { refuseWarnings: string[] } = true,
) {
  const zip =
    files instanceof Uint8Array
      ? files
      : zipSync(
          Object.fromEntries(
            Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? strToU8(v) : v]),
          ),
        )
  return inspectPackage(bytesSource(zip), {
    requireMraid: options !== false,
    ...(typeof options === 'object' ? options : {}),
  })
}

const rules = (report: { issues: { rule: string }[] }) => report.issues.map((issue) => issue.rule)

describe('archive safety', () => {
  it('turns a file that is not a zip into one clear error', async () => {
    const report = await inspectPackage(bytesSource(strToU8('just some text, not a zip')), {
      requireMraid: true,
    })
    expect(report.ok).toBe(false)
    expect(inspectionErrors(report)).toEqual([expect.stringContaining('not a zip archive')])
  })

  it.each([
    ['zip.traversal', [{ name: '../evil.html', data: 'x' }]],
    ['zip.absolute-path', [{ name: '/etc/evil.html', data: 'x' }]],
    ['zip.backslash', [{ name: 'folder\\index.html', data: 'x' }]],
    ['zip.symlink', [{ name: 'index.html', data: '/etc/passwd', symlink: true }]],
    ['zip.encrypted', [{ name: 'index.html', data: 'x', encrypted: true }]],
    [
      'zip.duplicate',
      [
        { name: 'index.html', data: MRAID_INDEX },
        { name: 'index.html', data: 'x' },
      ],
    ],
  ])('%s is an error', async (rule, entries) => {
    const report = await inspect(buildZip(entries))
    expect(report.ok).toBe(false)
    expect(rules(report)).toContain(rule)
  })

  it('flags a zip bomb from the central directory, before inflating', async () => {
    const report = await inspect(
      buildZip([
        { name: 'index.html', data: MRAID_INDEX },
        { name: 'pad.bin', data: 'A', declaredSize: 50_000_000 },
      ]),
    )
    expect(rules(report)).toContain('zip.bomb')
  })

  it('applies the ratio rule to every entry and to the whole package (the 91x zip)', async () => {
    const MB = 1_000_000
    // The security review's package: 5.3 MB of zip holding one 480 MB entry (about 91x).
    const reviewed = await inspect(
      buildZip([
        { name: 'index.html', data: MRAID_INDEX },
        { name: 'video.mp4', data: new Uint8Array(5.3 * MB), declaredSize: 480 * MB },
      ]),
    )
    expect(inspectionErrors(reviewed)).toEqual([
      expect.stringMatching(/^video\.mp4 expands 91 times/),
      expect.stringMatching(/^The package expands 91 times/),
    ])
    // Each entry within its own limit (40x), all of them together far past the package's.
    const spread = await inspect(
      buildZip([
        { name: 'index.html', data: MRAID_INDEX },
        ...Array.from({ length: 30 }, (_, i) => ({
          name: `part${i}.json`,
          data: new Uint8Array(100_000),
          declaredSize: 4 * MB,
        })),
      ]),
    )
    expect(inspectionErrors(spread)).toEqual([expect.stringMatching(/^The package expands 40 times/)])
    // A small file of repeated text may deflate a thousand times: the allowance covers it.
    const repetitive = await inspect({ 'index.html': MRAID_INDEX, 'pad.css': 'a{}'.repeat(300_000) })
    expect(repetitive.ok).toBe(true)
  })
})

describe('structure', () => {
  it('accepts index.html at the root and reports files, totals and the declared ad size', async () => {
    const report = await inspect({
      'index.html':
        '<html><head><meta name="ad.size" content="width=320,height=50"><script src="mraid.js"></script></head><body><img src="logo.png"></body></html>',
      'logo.png': new Uint8Array(100),
    })
    expect(report.ok).toBe(true)
    expect(report.entry).toBe('index.html')
    expect(report.adSize).toEqual({ width: 320, height: 50 })
    expect(report.totals.files).toBe(2)
    expect(report.mraid).toEqual({ referenced: true, bundled: false })
  })

  it('finds the entry in a single wrapper folder, with a warning', async () => {
    const report = await inspect({ 'my-ad/index.html': MRAID_INDEX })
    expect(report.ok).toBe(true)
    expect(report.entry).toBe('my-ad/index.html')
    expect(rules(report)).toContain('structure.wrapper-folder')
  })

  it('explains a missing index.html, naming the HTML files found, and a zip inside the zip', async () => {
    const noEntry = await inspect({ 'ad.html': MRAID_INDEX, 'other.html': 'x' })
    expect(inspectionErrors(noEntry)).toEqual([expect.stringContaining('found ad.html, other.html')])
    const nested = await inspect({ 'creative.zip': new Uint8Array(10) })
    expect(rules(nested)).toContain('structure.nested-zip')
  })

  it('ignores system files with a note, and warns about files the ad never uses', async () => {
    const report = await inspect({
      'index.html': MRAID_INDEX,
      '__MACOSX/._index.html': 'x',
      '.DS_Store': 'x',
      'unused.png': new Uint8Array(5),
    })
    expect(report.ok).toBe(true)
    expect(report.totals.files).toBe(2)
    expect(rules(report)).toEqual(
      expect.arrayContaining(['structure.ignored-files', 'structure.unreferenced']),
    )
  })

  it('reports references to missing files, and a case mismatch as such', async () => {
    const report = await inspect({
      'index.html':
        '<script src="mraid.js"></script><script src="app.js"></script><img src="Logo.PNG"><link rel="stylesheet" href="style.css">',
      'app.js': '',
      'logo.png': new Uint8Array(5),
      'style.css': 'body { background: url(images/bg.jpg) }',
    })
    // Worth fixing, not refusing: the ad still previews, without those files.
    expect(report.ok).toBe(true)
    expect(inspectionWarnings(report)).toEqual(
      expect.arrayContaining([
        expect.stringContaining('case-sensitive'),
        expect.stringContaining('style.css refers to images/bg.jpg'),
      ]),
    )
  })

  it('warns about an HTML fragment but accepts it', async () => {
    const report = await inspect({ 'index.html': '<script src="mraid.js"></script><div>ad</div>' })
    expect(report.ok).toBe(true)
    expect(rules(report)).toContain('structure.fragment')
  })
})

describe('MRAID', () => {
  it('requires mraid.js to be referenced, by a tag or injected from script', async () => {
    expect(rules(await inspect({ 'index.html': '<html><body>no mraid</body></html>' }))).toContain(
      'mraid.not-referenced',
    )
    expect((await inspect({ 'index.html': '<html><body>no mraid</body></html>' }, false)).ok).toBe(true)
    const injected = await inspect({
      'index.html': '<html><script src="boot.js"></script></html>',
      'boot.js':
        "var s = document.createElement('script'); s.setAttribute('src', 'mraid.js'); document.head.appendChild(s)",
    })
    expect(injected.ok).toBe(true)
    const commentedOut = await inspect({
      'index.html': '<html><!-- <script src="mraid.js"></script> --></html>',
    })
    expect(rules(commentedOut)).toContain('mraid.not-referenced')
  })

  it('warns about a bundled mraid.js (the container provides it) and still previews the package', async () => {
    const report = await inspect({ 'index.html': MRAID_INDEX, 'mraid.js': 'window.mraid = {}' })
    expect(rules(report)).toContain('mraid.bundled')
    expect(report.ok).toBe(true)
  })

  it('warns about deprecated and non-standard calls and window.open clickthroughs', async () => {
    const report = await inspect({
      'index.html': `<html><script src="mraid.js"></script><script>
        mraid.useCustomClose(true); mraid.getVendor(); document.onclick = function () { window.open('https://example.com') }
      </script></html>`,
    })
    expect(report.ok).toBe(true)
    expect(rules(report)).toEqual(
      expect.arrayContaining([
        'mraid.deprecated.useCustomClose',
        'mraid.deprecated.getVendor',
        'mraid.clickthrough-window-open',
      ]),
    )
  })
})

describe('MRAID readiness and file names', () => {
  it("warns about mraid calls that do not wait for 'ready', and not when they do", async () => {
    const eager = await inspect({
      'index.html': '<html><script src="mraid.js"></script><script>mraid.expand()</script></html>',
    })
    expect(rules(eager)).toContain('mraid.before-ready')
    const patient = await inspect({
      'index.html':
        '<html><script src="mraid.js"></script><script>mraid.addEventListener("ready", function () { mraid.expand() })</script></html>',
    })
    expect(rules(patient)).not.toContain('mraid.before-ready')
  })

  it('refuses executables, warns about files ads do not use and about unsafe names', async () => {
    const report = await inspect({
      'index.html': MRAID_INDEX,
      'deploy.sh': 'rm -rf /',
      'notes.docx': 'x',
      'my image.png': new Uint8Array(3),
    })
    expect(inspectionErrors(report)).toEqual([expect.stringContaining('deploy.sh is not a web file')])
    const warnings = report.issues.filter((i) => i.severity === 'warning').map((i) => `${i.rule} ${i.file}`)
    expect(warnings).toEqual(
      expect.arrayContaining(['structure.file-type notes.docx', 'structure.file-name my image.png']),
    )
  })
})

describe('network', () => {
  it('makes plain http and other external requests warnings: the creative can still be previewed', async () => {
    const report = await inspect({
      'index.html':
        '<html><script src="mraid.js"></script><img src="http://cdn.example.com/a.png"><script src="https://cdn.example.com/lib.js"></script></html>',
    })
    expect(rules(report)).toEqual(expect.arrayContaining(['network.insecure-http', 'network.external']))
    expect(report.ok).toBe(true)
    expect(inspectionWarnings(report)).toEqual(
      expect.arrayContaining([expect.stringContaining('http://cdn.example.com/a.png over plain http')]),
    )
  })

  it('refuses the warnings a deployment names (REFUSE_WARNINGS), and only those', async () => {
    const files = {
      'index.html':
        '<html><script src="mraid.js"></script><img src="http://cdn.example.com/a.png"><script>mraid.useCustomClose(true)</script></html>',
    }
    const strict = await inspect(files, { refuseWarnings: ['network.insecure-http'] })
    expect(strict.ok).toBe(false)
    expect(inspectionErrors(strict)).toEqual([expect.stringContaining('over plain http')])
    expect(refusalHeadline(strict)).toBe('The package breaks a rule this deployment refuses')
    const deprecated = await inspect(files, { refuseWarnings: ['mraid.deprecated.*'] })
    expect(inspectionErrors(deprecated)).toEqual([expect.stringContaining('useCustomClose')])
  })

  it('reads a script that is loaded from a server but bundled too: its MRAID counts', async () => {
    const report = await inspect({
      'index.html': '<html><script src="http://ads.example.com/units/ad.js"></script></html>',
      'ad.js':
        'document.write(\'<script src="mraid.js"></scr\' + \'ipt>\'); mraid.addEventListener("ready", function () { mraid.expand() })',
    })
    expect(report.ok).toBe(true)
    expect(rules(report)).toEqual(expect.arrayContaining(['network.external-copy', 'network.insecure-http']))
    expect(report.facts?.creative?.kind).toBe('expandable')
  })

  it("does not count URLs in comments or inside a library's strings as requests", async () => {
    const report = await inspect({
      'index.html':
        '<html><script src="mraid.js"></script><script src="lib.js"></script><!-- <img src="http://old.example.com/x.png"> --></html>',
      'lib.js':
        '// see http://example.com/docs\nvar docs = "http://example.com/license"; /* http://x.example.com */',
    })
    expect(report.ok).toBe(true)
    expect(rules(report)).not.toContain('network.insecure-http')
  })
})

describe('weight', () => {
  it('warns when the initial load passes the IAB budget', async () => {
    const report = await inspect({
      'index.html': MRAID_INDEX.replace('</head>', '<script src="big.js"></script></head>'),
      'big.js': 'x'.repeat(400_000),
    })
    expect(rules(report)).toContain('weight.initial-load')
  })
})

const CORPUS = path.resolve(import.meta.dirname, '../../../shared/corpus/real')
// Each creative's whole verdict is in shared/targets/corpus.test.ts; these are details of two.
describe.skipIf(!fs.existsSync(CORPUS))('the real creatives of ../shared/corpus', () => {
  it('the AppNexus test ad calls mraid before ready', async () => {
    const report = await inspectPackage(
      bytesSource(new Uint8Array(fs.readFileSync(path.join(CORPUS, 'appnexus-ext-test-ad-NEGATIVE.zip')))),
      {
        requireMraid: true,
      },
    )
    expect(rules(report)).toContain('mraid.before-ready')
  })

  it('the viewability ad bundles its own mraid.js in the mock variant, and that is a warning', async () => {
    const report = await inspectPackage(
      bytesSource(
        new Uint8Array(fs.readFileSync(path.join(CORPUS, 'iab-mraid3-viewability-with-mock-NEGATIVE.zip'))),
      ),
      { requireMraid: true },
    )
    expect(rules(report)).toContain('mraid.bundled')
  })
})
