import fs from 'node:fs'
import path from 'node:path'
import { strToU8, zipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { bytesSource } from '../zip/byte-source.ts'
import { buildZip } from '../zip/test-zip-builder.ts'
import { inspectionErrors, inspectPackage } from './inspect.ts'

const MRAID_INDEX = '<!doctype html><html><head><script src="mraid.js"></script></head><body></body></html>'

async function inspect(files: Record<string, string | Uint8Array> | Uint8Array, requireMraid = true) {
  const zip =
    files instanceof Uint8Array
      ? files
      : zipSync(
          Object.fromEntries(
            Object.entries(files).map(([k, v]) => [k, typeof v === 'string' ? strToU8(v) : v]),
          ),
        )
  return inspectPackage(bytesSource(zip), { requireMraid })
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
    const errors = inspectionErrors(report)
    expect(errors).toEqual(
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

  it('refuses a bundled mraid.js: the container provides it', async () => {
    const report = await inspect({ 'index.html': MRAID_INDEX, 'mraid.js': 'window.mraid = {}' })
    expect(rules(report)).toContain('mraid.bundled')
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
  it('makes plain http requests errors and other external requests warnings', async () => {
    const report = await inspect({
      'index.html':
        '<html><script src="mraid.js"></script><img src="http://cdn.example.com/a.png"><script src="https://cdn.example.com/lib.js"></script></html>',
    })
    expect(rules(report)).toEqual(expect.arrayContaining(['network.insecure-http', 'network.external']))
    expect(report.ok).toBe(false)
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
const VERDICTS: Record<string, { valid: boolean; because?: string }> = {
  'iab-mraid3-loadandevents': { valid: true },
  'iab-mraid3-resize-negative': { valid: false, because: 'mraid.not-referenced' },
  'iab-mraid3-viewability': { valid: true },
  'iab-mraid3-viewability-with-mock-NEGATIVE': { valid: false, because: 'structure.no-entry' },
  'webtester-expand-onepart': { valid: false, because: 'network.insecure-http' },
  'webtester-expand-twopart': { valid: false, because: 'network.insecure-http' },
  'webtester-resize': { valid: false, because: 'network.insecure-http' },
  'webtester-resize-errors': { valid: true },
  'webtester-fullpage-interstitial': { valid: true },
  'webtester-video-interstitial': { valid: false, because: 'network.insecure-http' },
  'appnexus-ext-test-ad-NEGATIVE': { valid: false, because: 'network.insecure-http' },
  'appnexus-sdk-mraid2-tester': { valid: false, because: 'network.insecure-http' },
  'appnexus-sdk-mraid2-resize-tester': { valid: false, because: 'network.insecure-http' },
}

describe.skipIf(!fs.existsSync(CORPUS))('the real creatives of ../shared/corpus', () => {
  it.each(Object.entries(VERDICTS))('%s gets the verdict a person would give', async (name, verdict) => {
    const report = await inspectPackage(
      bytesSource(new Uint8Array(fs.readFileSync(path.join(CORPUS, `${name}.zip`)))),
      {
        requireMraid: true,
      },
    )
    expect(report.ok, JSON.stringify(report.issues, null, 1)).toBe(verdict.valid)
    if (verdict.because) expect(rules(report)).toContain(verdict.because)
  })

  it('the AppNexus test ad calls mraid before ready', async () => {
    const report = await inspectPackage(
      bytesSource(new Uint8Array(fs.readFileSync(path.join(CORPUS, 'appnexus-ext-test-ad-NEGATIVE.zip')))),
      {
        requireMraid: true,
      },
    )
    expect(rules(report)).toContain('mraid.before-ready')
  })

  it('the viewability ad bundles its own mraid.js in the mock variant, and that is an error too', async () => {
    const report = await inspectPackage(
      bytesSource(
        new Uint8Array(fs.readFileSync(path.join(CORPUS, 'iab-mraid3-viewability-with-mock-NEGATIVE.zip'))),
      ),
      { requireMraid: true },
    )
    expect(rules(report)).toContain('mraid.bundled')
  })
})
