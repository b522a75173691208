// The package list filtered by delivery target (the list's filters with the delivery targets), on
// SQLite and on PostgreSQL, through REST and tRPC: the badge's verdict over DEFAULT_TARGETS or one
// target's, paged like any filter, following what the runtime audit stored, and right for rows
// written before the verdicts were kept (an upgrade) or judged by other rules (a release).
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PackagePage } from '../../../shared/api.ts'
import type { AuditRecord } from '../../../shared/targets/types.ts'
import { playablePackage } from '../../../tests/fixtures/check-packages.ts'
import { zipOf } from '../../../tests/fixtures/packages.ts'
import { createTestApp, type TestApp, uploadPackage } from '../../../tests/helpers/test-app.ts'

let t: TestApp
/** filename -> uuid */
const uuids: Record<string, string> = {}
// Passes every default target.
const PLAYABLE = ['playable-a.zip', 'playable-b.zip']
// A playable (it calls gameReady) in two files with no CTA: fails AppLovin, Unity and Mintegral,
// passes Google Ads App.
const TWO_FILES = 'two-files.zip'
// A playable with no ad.size and no CTA: fails Google Ads App too.
const PLAIN = 'plain.zip'

beforeAll(async () => {
  t = await createTestApp()
  const zips: Record<string, Uint8Array> = {
    [PLAYABLE[0]!]: playablePackage(1),
    [PLAYABLE[1]!]: playablePackage(2),
    [TWO_FILES]: zipOf({
      'index.html':
        '<html><head><meta name="ad.size" content="width=320,height=480"><script src="mraid.js"></script><script src="ad.js"></script></head><body>Ad</body></html>',
      'ad.js': "mraid.addEventListener('ready', function () { window.gameReady() })",
    }),
    [PLAIN]: zipOf({
      'index.html':
        '<html><head><script src="mraid.js"></script></head><body>Ad<script>mraid.addEventListener("ready", function () { window.gameReady() })</script></body></html>',
    }),
  }
  for (const [name, zip] of Object.entries(zips)) {
    const { step, uuid } = await uploadPackage(t, name, zip)
    expect(step).toBe('create')
    uuids[name] = uuid!
  }
})
afterAll(() => t?.cleanup())

async function list(query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))
  const response = await t.app.request(`/ads-preview/api/packages?${search}`, { headers: t.auth })
  return { status: response.status, body: (await response.json()) as PackagePage & { message?: string } }
}
const names = (page: PackagePage) => page.packages.map((pkg) => pkg.filename).sort()

describe('the package list by delivery target', () => {
  it('filters by the badge’s verdict over DEFAULT_TARGETS, or by one target’s, with a count and pages', async () => {
    expect(names((await list({ verdict: 'fail' })).body)).toEqual([PLAIN, TWO_FILES])
    expect(names((await list({ verdict: 'pass' })).body)).toEqual(PLAYABLE)
    expect((await list({ verdict: 'warn' })).body).toMatchObject({ packages: [], total: 0 })
    expect(names((await list({ verdict: 'fail', target: 'applovin' })).body)).toEqual([PLAIN, TWO_FILES])
    expect(names((await list({ verdict: 'fail', target: 'google-ads-app' })).body)).toEqual([PLAIN])
    expect(names((await list({ verdict: 'pass', target: 'google-ads-app' })).body)).toEqual([
      ...PLAYABLE,
      TWO_FILES,
    ])
    // With the other filters and paged by cursor like any of them.
    const first = await list({ verdict: 'pass', target: 'google-ads-app', sort: 'name', limit: 2 })
    expect(first.body.total).toBe(3)
    expect(first.body.packages.map((pkg) => pkg.filename)).toEqual(PLAYABLE)
    const next = await list({
      verdict: 'pass',
      target: 'google-ads-app',
      sort: 'name',
      limit: 2,
      cursor: first.body.nextCursor!,
    })
    expect(next.body).toMatchObject({ total: 3, nextCursor: null })
    expect(names(next.body)).toEqual([TWO_FILES])
    expect(names((await list({ verdict: 'fail', search: 'two' })).body)).toEqual([TWO_FILES])
  })

  it('is the same in tRPC packages.list', async () => {
    const input = { verdict: 'fail', target: 'google-ads-app' }
    const response = await t.app.request(
      `/ads-preview/trpc/packages.list?input=${encodeURIComponent(JSON.stringify(input))}`,
      { headers: t.auth },
    )
    expect(response.status).toBe(200)
    const { result } = (await response.json()) as { result: { data: PackagePage } }
    expect(result.data).toEqual((await list(input)).body)
    expect(names(result.data)).toEqual([PLAIN])
  })

  it('refuses a target without a verdict, and names the known targets for an unknown one', async () => {
    expect(await list({ target: 'applovin' })).toEqual({
      status: 400,
      body: expect.objectContaining({ message: 'target needs a verdict to filter by: fail, warn or pass' }),
    })
    const unknown = await list({ verdict: 'fail', target: 'nope' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.message).toMatch(/^Unknown target: nope\. Known targets: iab-html5, /)
    expect((await list({ verdict: 'maybe' })).status).toBe(400)
  })

  it('re-judges packages stored without verdicts or with other rules’ before it filters', async () => {
    const { packages } = t.db.tables
    // As after an upgrade (no verdicts yet) and after a release whose rules differ (another stamp).
    await t.db.write(async (tx) => {
      await tx.update(packages).set({ targetVerdicts: null }).where(eq(packages.uuid, uuids[TWO_FILES]!))
      await tx
        .update(packages)
        .set({ targetVerdicts: 'other-rules|applovin:fail|' })
        .where(eq(packages.uuid, uuids[PLAYABLE[0]!]!))
    })
    expect(names((await list({ verdict: 'fail', target: 'applovin' })).body)).toEqual([PLAIN, TWO_FILES])
    expect(names((await list({ verdict: 'pass' })).body)).toEqual(PLAYABLE)
    const stored = await t.db.orm
      .select({ verdicts: packages.targetVerdicts })
      .from(packages)
      .where(inArray(packages.uuid, [uuids[TWO_FILES]!, uuids[PLAYABLE[0]!]!]))
    for (const { verdicts } of stored) expect(verdicts).toMatch(/^[0-9a-f]{12}\|iab-html5:pass\|/)
  })

  it('follows the runtime audit: figures it stored change the verdict the list filters by', async () => {
    // What the audit job stores (its record() writes the audit and the verdicts together); here the
    // upgrade path judges them: a creative busy 40% of its window warns for the IAB guideline.
    const audit: AuditRecord = {
      state: 'done',
      windowMs: 10_000,
      queuedAt: 1,
      figures: { windowMs: 10_000, cpuMs: 4_000, requests: 0, blocked: [] },
    }
    const { packages } = t.db.tables
    await t.db.write((tx) =>
      tx.update(packages).set({ audit, targetVerdicts: null }).where(eq(packages.uuid, uuids[PLAYABLE[1]!]!)),
    )
    expect(names((await list({ verdict: 'warn' })).body)).toEqual([PLAYABLE[1]])
    expect(names((await list({ verdict: 'warn', target: 'iab-html5' })).body)).toEqual([PLAYABLE[1]])
    expect(names((await list({ verdict: 'pass' })).body)).toEqual([PLAYABLE[0]])
  })
})
