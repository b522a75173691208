import { describe, expect, it } from 'vitest'
import { page, zipStored } from '../../tests/fixtures/target-fixtures.ts'
import { bytesSource } from '../zip/byte-source.ts'
import { inspectPackage } from './inspect.ts'

async function facts(files: Record<string, string | Uint8Array>) {
  const report = await inspectPackage(bytesSource(zipStored(files)), { requireMraid: true })
  return report.facts!
}

describe('package facts for delivery targets', () => {
  it('counts sizes as shipped: the zip, the files, the entry, base64-inlined assets inside them', async () => {
    const inlined = `data:image/png;base64,${'QUJD'.repeat(300)}`
    const f = await facts({
      'index.html': page(
        '<script src="mraid.js"></script><script src="a.js"></script>',
        `<img src="${inlined}">`,
      ),
      'a.js': 'var x = 1',
      'later.png': new Uint8Array(500),
    })
    expect(f.files).toBe(3)
    expect(f.entryBytes).toBeGreaterThan(1200)
    expect(f.inlinedBytes).toBe(inlined.length)
    expect(f.initialBytes).toBe(f.entryBytes + 9)
    expect(f.initialRequests).toBe(2)
    expect(f.unpackedBytes).toBe(f.entryBytes + 9 + 500)
    expect(f.unreferencedFiles).toBe(1)
    expect(f.zipBytes).toBeGreaterThan(f.unpackedBytes)
  })

  it('finds the calls networks ask for in scripts and inline handlers, not in comments', async () => {
    const f = await facts({
      'index.html': page(
        '<script src="mraid.js"></script>',
        `<a onclick="parent.postMessage('download','*')">Get</a>
         <script>
           // FbPlayableAd.onCTAClick() is not called: this is a comment
           function install() {}
           function cta() { mraid.open(clickTag); window.install && window.install() }
           window.gameReady && window.gameReady()
         </script>`,
      ),
    })
    expect([...f.calls].sort()).toEqual(['gameReady', 'install', 'mraid.open', "postMessage('download')"])
  })

  it('does not take a method named install or its definition for the Mintegral call', async () => {
    const f = await facts({
      'index.html': page(
        '<script src="mraid.js"></script>',
        '<script>function install() {} app.install()</script>',
      ),
    })
    expect(f.calls).not.toContain('install')
  })

  it('reads ad.size, ad.orientation, a root config.json and the root HTML names', async () => {
    const f = await facts({
      'index.html': page(
        '<meta name="ad.size" content="width=320,height=480"><meta name="ad.orientation" content="portrait"><script src="mraid.js"></script>',
      ),
      'config.json': '{"playable_orientation": 1}',
      'ad.html': page(''),
    })
    expect(f.meta).toEqual({ adSize: 'width=320,height=480', adOrientation: 'portrait' })
    expect(f.playableOrientation).toBe('1')
    expect(f.rootHtmlFiles).toEqual(['index.html', 'ad.html'])
  })

  it('tells a clickTag in the primary HTML from one elsewhere, and counts hard-coded clickthroughs', async () => {
    const inEntry = await facts({
      'index.html': page(
        '<script src="mraid.js"></script><script>var clickTag = "https://a.example/"</script>',
      ),
    })
    expect(inEntry.clickTag).toEqual({ declared: true, outsideEntry: false, hardCodedClicks: 0 })
    const elsewhere = await facts({
      'index.html': page('<script src="mraid.js"></script><script src="tag.js"></script>'),
      'tag.js': 'window.clickTag = "https://a.example/"; function go() { window.open("https://b.example/") }',
    })
    expect(elsewhere.clickTag).toEqual({ declared: true, outsideEntry: true, hardCodedClicks: 1 })
  })

  it('lists external and plain-http references, nested zips and Flash files', async () => {
    const f = await facts({
      'index.html': page(
        '<script src="mraid.js"></script>',
        '<img src="https://cdn.example/a.png"><img src="http://cdn.example/b.png">',
      ),
      'inner.zip': zipStored({ 'x.txt': 'x' }),
      'old.swf': new Uint8Array(4),
    })
    expect(f.externalReferences).toEqual(['https://cdn.example/a.png', 'http://cdn.example/b.png'])
    expect(f.plainHttpReferences).toEqual(['http://cdn.example/b.png'])
    expect(f.nestedZips).toEqual(['inner.zip'])
    expect(f.flashFiles).toBe(1)
  })

  it('answers facts for a package without an entry, none for a file that is not a zip', async () => {
    const noEntry = await facts({ 'ad.html': page('') })
    expect([noEntry.entry, noEntry.files, noEntry.rootHtmlFiles]).toEqual([null, 1, ['ad.html']])
    const notZip = await inspectPackage(bytesSource(new TextEncoder().encode('not a zip')), {
      requireMraid: true,
    })
    // Nothing in it can be measured, so no delivery target judges it.
    expect(notZip.facts).toBeUndefined()
  })
})
