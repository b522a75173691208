// The real creatives of ../shared/corpus uploaded to a fresh product with its defaults: only
// those without MRAID or without an HTML entry are refused, each headed by its cause; the rest
// are created with their warnings, and the correct ones pass the list's "Passes" filter with the
// same badge the matrix gives. REFUSE_WARNINGS moves the line where a deployment wants it.
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PackagePage } from '../../../shared/api.ts'
import type { TargetMatrix, VerdictBadge } from '../../../shared/targets/types.ts'
import { zipOf as packageOf } from '../../../tests/fixtures/packages.ts'
import { createTestApp, type TestApp, uploadPackage } from '../../../tests/helpers/test-app.ts'
import { parseConfig } from '../../parse-config.ts'

const CORPUS = path.resolve(import.meta.dirname, '../../../../shared/corpus/real')
const present = fs.existsSync(CORPUS)
if (!present) console.warn(`SKIPPED: the corpus upload test needs ${CORPUS}, which is absent here.`)
const zipOf = (name: string) => new Uint8Array(fs.readFileSync(path.join(CORPUS, `${name}.zip`)))
const CORRECT = [
  'iab-mraid3-loadandevents',
  'iab-mraid3-viewability',
  'webtester-fullpage-interstitial',
  'webtester-resize-errors',
]

describe.skipIf(!present)('the shared corpus uploaded with the defaults', () => {
  let t: TestApp
  const outcome = new Map<string, { status: number; message?: string; details?: string[]; uuid?: string }>()
  beforeAll(async () => {
    t = await createTestApp()
    const names = fs
      .readdirSync(CORPUS)
      .filter((name) => name.endsWith('.zip'))
      .map((name) => name.replace(/\.zip$/, ''))
    for (const name of names) {
      const result = await uploadPackage(t, `${name}.zip`, zipOf(name))
      const body = (await result.response.json()) as { message?: string; details?: string[] }
      outcome.set(name, {
        status: result.response.status,
        ...body,
        ...(result.uuid ? { uuid: result.uuid } : {}),
      })
    }
    // 13 uploads, each inspected in a child process: 2-5 s measured beside the suite at a load of 40.
  }, 30_000)
  afterAll(() => t?.cleanup())

  it('refuses only the creative without MRAID and the one without an HTML entry, each with its cause', () => {
    const refused = [...outcome].filter(([, o]) => o.status === 422)
    expect(refused.map(([name, o]) => [name, o.message])).toEqual([
      ['iab-mraid3-resize-negative', 'The package is not a valid MRAID creative'],
      ['iab-mraid3-viewability-with-mock-NEGATIVE', 'The package has no HTML entry page'],
    ])
    expect([...outcome.values()].filter((o) => o.status === 201)).toHaveLength(11)
  })

  it('the correct creatives show no failing badge and pass the "Passes" filter; the broken ones fail on https', async () => {
    const badgeOf = async (uuid: string) => {
      const response = await t.app.request(`/ads-preview/api/packages/${uuid}/targets`, { headers: t.auth })
      return (await response.json()) as { matrix: TargetMatrix; badge: VerdictBadge }
    }
    for (const name of CORRECT)
      expect((await badgeOf(outcome.get(name)!.uuid!)).badge.verdict, name).toBe('pass')
    const http = await badgeOf(outcome.get('webtester-video-interstitial')!.uuid!)
    expect(http.badge).toMatchObject({ verdict: 'fail', failing: ['IAB HTML5 budgets'] })
    expect(http.matrix.cells.find((cell) => cell.status === 'fail')).toMatchObject({
      rule: 'ssl',
      figure: '1',
    })
    expect(http.matrix.targets.find((target) => target.target === 'applovin')?.verdict).toBe('not-for-kind')
    const passes = await t.app.request('/ads-preview/api/packages?verdict=pass&limit=50', { headers: t.auth })
    const listed = ((await passes.json()) as PackagePage).packages.map((pkg) =>
      pkg.filename.replace(/\.zip$/, ''),
    )
    expect(listed.sort()).toEqual(CORRECT)
  })
})

describe('the refusal line', () => {
  let t: TestApp
  afterAll(() => t?.cleanup())

  it('REFUSE_WARNINGS names warning rules only: an unknown one stops the start', () => {
    expect(() => parseConfig({ REFUSE_WARNINGS: 'network.insecure-http,zip.traversal' })).toThrow(
      /REFUSE_WARNINGS=.*: unknown warning zip.traversal; known: network.insecure-http/,
    )
    expect(parseConfig({ REFUSE_WARNINGS: 'mraid.deprecated.*' }).uploads.refuseWarnings).toEqual([
      'mraid.deprecated.*',
    ])
  })

  it('a file that is not a zip is refused as such; REFUSE_WARNINGS refuses a plain-http asset', async () => {
    t = await createTestApp({ REFUSE_WARNINGS: 'network.insecure-http' })
    const rar = await uploadPackage(
      t,
      'renamed.zip',
      new TextEncoder().encode('Rar!\u001a\u0007\u0000 not a zip'),
    )
    expect(rar.response.status).toBe(422)
    expect(await rar.response.json()).toMatchObject({ message: 'The file is not a readable zip' })
    const strict = await uploadPackage(
      t,
      'http.zip',
      packageOf({
        'index.html': '<html><script src="mraid.js"></script><img src="http://cdn.example.com/a.png"></html>',
      }),
    )
    expect(strict.response.status).toBe(422)
    expect(await strict.response.json()).toMatchObject({
      message: 'The package breaks a rule this deployment refuses',
      details: [expect.stringContaining('over plain http')],
    })
  })
})
