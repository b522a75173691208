// The targets in the API, on the real product and its database: a package's matrix and badge
// (REST and tRPC, joined by what its audit stored), the list's badges, and the inspect-only
// call (a zip in, the matrix out, nothing kept).
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inspectTargets } from '../../../shared/targets/inspect-targets.ts'
import { DEFAULT_TARGET_IDS } from '../../../shared/targets/profiles/index.ts'
import type { AuditRecord, TargetMatrix } from '../../../shared/targets/types.ts'
import { bytesSource } from '../../../shared/zip/byte-source.ts'
import { playablePackage } from '../../../tests/fixtures/check-packages.ts'
import { packageWithoutMraid, zipOf } from '../../../tests/fixtures/packages.ts'
import { createTestApp, type TestApp, uploadPackage } from '../../../tests/helpers/test-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.cleanup())

async function created(zip: Uint8Array): Promise<string> {
  const { step, uuid } = await uploadPackage(t, `targets-${Math.random()}.zip`, zip)
  expect(step).toBe('create')
  return uuid!
}

const get = (url: string, headers: Record<string, string> = t.auth) =>
  t.app.request(`/ads-preview/api${url}`, { headers })

async function trpcQuery(procedure: string, input: unknown) {
  const response = await t.app.request(
    `/ads-preview/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
    { headers: t.auth },
  )
  return {
    status: response.status,
    data: ((await response.json()) as { result?: { data: unknown } }).result?.data,
  }
}

const staticCells = (matrix: TargetMatrix) => matrix.cells.filter((cell) => cell.phase === 'static')

describe('a package’s matrix', () => {
  it('judges the stored package against DEFAULT_TARGETS as the inspector does on its bytes', async () => {
    const zip = playablePackage(7)
    const uuid = await created(zip)
    const response = await get(`/packages/${uuid}/targets`)
    expect(response.status).toBe(200)
    const { matrix, badge } = (await response.json()) as { matrix: TargetMatrix; badge: unknown }
    expect(matrix.targets.map((target) => target.target)).toEqual(DEFAULT_TARGET_IDS)
    const offline = await inspectTargets(bytesSource(zip))
    expect(staticCells(matrix)).toEqual(staticCells(offline.matrix))
    // No browser here, so no audit: a runtime rule without a static estimate cannot be judged.
    expect(matrix.audit.state).toBe('none')
    expect(matrix.cells.some((cell) => cell.status === 'pending')).toBe(false)
    const unmeasured = matrix.cells.find((cell) => cell.phase === 'runtime' && !cell.estimate)
    expect(unmeasured).toMatchObject({ status: 'unknown', reason: expect.stringMatching(/audit/) })
    // Google Ad Manager serves display ads: it does not judge a playable, and is not counted.
    expect(badge).toEqual({ verdict: 'pass', failing: [], warning: [], targets: 7, audit: 'none' })
    expect(matrix.targets.find((target) => target.target === 'google-ad-manager')?.verdict).toBe(
      'not-for-kind',
    )
  })

  it('takes the targets a caller names, refuses an unknown one by name, and a missing package', async () => {
    const uuid = await created(playablePackage(8))
    const chosen = (await (await get(`/packages/${uuid}/targets?targets=meta,%20applovin`)).json()) as {
      matrix: TargetMatrix
    }
    expect(chosen.matrix.targets.map((target) => target.target)).toEqual(['meta', 'applovin'])
    const unknown = await get(`/packages/${uuid}/targets?targets=applovin,nope`)
    expect(unknown.status).toBe(400)
    expect((await unknown.json()).message).toMatch(/^Unknown target: nope\. Known targets: iab-html5, /)
    expect((await get('/packages/no-such-package/targets')).status).toBe(404)
    expect((await get(`/packages/${uuid}/targets`, {})).status).toBe(401)
  })

  it('joins what the runtime audit stored: its figures judge the runtime rules, its state shows', async () => {
    const uuid = await created(playablePackage(9))
    const audit: AuditRecord = {
      state: 'done',
      windowMs: 30_000,
      queuedAt: 1,
      figures: {
        requests: 3,
        blocked: [{ host: 'tracker.example.com', count: 2 }],
        firstTapOpensStore: true,
      },
    }
    const { packages } = t.db.tables
    await t.db.write((tx) => tx.update(packages).set({ audit }).where(eq(packages.uuid, uuid)))
    const { matrix, badge } = (await (await get(`/packages/${uuid}/targets?targets=applovin`)).json()) as {
      matrix: TargetMatrix
      badge: { verdict: string; failing: string[]; audit: string }
    }
    expect(matrix.audit).toEqual({ state: 'done', windowMs: 30_000 })
    const requests = matrix.cells.find((cell) => cell.rule === 'network-calls')
    expect(requests).toMatchObject({ status: 'fail', figure: expect.stringMatching(/^2\b/) })
    expect(badge).toMatchObject({ verdict: 'fail', failing: ['AppLovin'], audit: 'done' })
  })

  it('tRPC targets.matrix answers what REST does, and targets.badges the badge of each listed package', async () => {
    const good = await created(playablePackage(10))
    const plain = await created(
      zipOf({ 'index.html': '<script src="mraid.js"></script><img src="http://cdn.example.com/ad.png">' }),
    )
    const rest = await (await get(`/packages/${good}/targets?targets=unity,meta`)).json()
    const trpc = await trpcQuery('targets.matrix', { uuid: good, targets: ['unity', 'meta'] })
    expect(trpc).toEqual({ status: 200, data: rest })
    const badges = await trpcQuery('targets.badges', { uuids: [good, plain, 'gone'] })
    expect(badges.status).toBe(200)
    const restBadge = async (uuid: string) =>
      ((await (await get(`/packages/${uuid}/targets`)).json()) as { badge: unknown }).badge
    expect(badges.data).toEqual({
      badges: { [good]: await restBadge(good), [plain]: await restBadge(plain) },
    })
    expect((badges.data as { badges: Record<string, { verdict: string }> }).badges[plain]?.verdict).toBe(
      'fail',
    )
  })
})

describe('the kind a user corrects', () => {
  it('packages.setKind judges the package as that kind everywhere; null goes back to the inferred one', async () => {
    const banner = await created(zipOf({ 'index.html': '<script src="mraid.js"></script><p>banner</p>' }))
    const mutate = async (kind: string | null) => {
      const response = await t.app.request('/ads-preview/trpc/packages.setKind', {
        method: 'POST',
        headers: { ...t.auth, 'Content-Type': 'application/json' },
        body: JSON.stringify({ uuid: banner, kind }),
      })
      return { status: response.status, body: (await response.json()) as { result?: { data: unknown } } }
    }
    const matrixOf = async () =>
      (await (await get(`/packages/${banner}/targets`)).json()) as {
        matrix: TargetMatrix
        badge: { verdict: string }
      }
    const inferred = await matrixOf()
    expect(inferred.matrix.creative).toMatchObject({ kind: 'banner', inferred: 'banner' })
    expect(inferred.matrix.creative?.evidence).toContain('Playable hooks: none')
    expect(inferred.badge.verdict).toBe('pass')
    const listed = async (verdict: string) => {
      const page = (await (await get(`/packages?verdict=${verdict}&limit=100`)).json()) as {
        packages: { uuid: string }[]
      }
      return page.packages.some((pkg) => pkg.uuid === banner)
    }
    expect(await listed('pass')).toBe(true)

    const asPlayable = await mutate('playable')
    expect(asPlayable.status).toBe(200)
    const corrected = await matrixOf()
    expect(corrected.matrix.creative).toMatchObject({ kind: 'playable', inferred: 'banner' })
    expect(corrected.matrix.targets.find((target) => target.target === 'applovin')?.verdict).toBe('fail')
    expect(corrected.matrix.targets.find((target) => target.target === 'google-ad-manager')?.verdict).toBe(
      'not-for-kind',
    )
    expect(corrected.badge.verdict).toBe('fail')
    expect([await listed('fail'), await listed('pass')]).toEqual([true, false])

    expect((await mutate('video')).status).toBe(400)
    expect((await mutate(null)).status).toBe(200)
    expect((await matrixOf()).matrix.creative).toMatchObject({ kind: 'banner', inferred: 'banner' })
    expect(await listed('pass')).toBe(true)
  })
})

describe('the inspect-only call', () => {
  const inspect = (body: BodyInit | null, headers: Record<string, string> = {}, query = '') =>
    t.app.request(`/ads-preview/api/targets/inspect${query}`, {
      method: 'POST',
      body,
      headers: { ...t.auth, 'Content-Type': 'application/zip', ...headers },
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
    } as RequestInit)

  it('answers the inspection and the matrix of a zip larger than a JSON call may be, and keeps nothing', async () => {
    const before = await t.db.orm.select().from(t.db.tables.packages)
    const uploadsBefore = await t.db.orm.select().from(t.db.tables.uploads)
    // 200 KB of stored noise: past the 64 KB every other /api body is held to.
    const zip = zipOf({
      'index.html': '<meta name="ad.size" content="width=320,height=50"><script src="mraid.js"></script>',
      'noise.bin': randomBytes(200_000),
    })
    const response = await inspect(zip as Uint8Array<ArrayBuffer>, {}, '?targets=google-ad-manager,applovin')
    expect(response.status).toBe(200)
    const answer = await response.json()
    const offline = await inspectTargets(bytesSource(zip), { targets: ['google-ad-manager', 'applovin'] })
    expect(answer.matrix).toEqual(offline.matrix)
    expect(answer.badge).toEqual(offline.badge)
    expect(answer.inspection).toMatchObject({
      ok: true,
      entry: 'index.html',
      adSize: { width: 320, height: 50 },
    })
    expect(await t.db.orm.select().from(t.db.tables.packages)).toEqual(before)
    expect(await t.db.orm.select().from(t.db.tables.uploads)).toEqual(uploadsBefore)
    expect(fs.readdirSync(path.join(t.dataDir, '.tmp'))).toEqual([])
  })

  it('says what is wrong with a package the spec refuses, without refusing the call', async () => {
    const answer = await (await inspect(packageWithoutMraid() as Uint8Array<ArrayBuffer>)).json()
    expect(answer.inspection.ok).toBe(false)
    expect(answer.inspection.issues.map((issue: { rule: string }) => issue.rule)).toContain(
      'mraid.not-referenced',
    )
  })

  it('refuses another content type, an unknown target and a caller without a token', async () => {
    const zip = playablePackage(11) as Uint8Array<ArrayBuffer>
    const wrongType = await inspect(zip, { 'Content-Type': 'text/plain' })
    expect(wrongType.status).toBe(415)
    expect((await wrongType.json()).message).toBe('The package must be sent as application/zip.')
    expect((await inspect(zip, {}, '?targets=nope')).status).toBe(400)
    const anonymous = await t.app.request('/ads-preview/api/targets/inspect', { method: 'POST', body: zip })
    expect(anonymous.status).toBe(401)
  })

  describe('capped at the upload size', () => {
    let small: TestApp
    beforeAll(async () => {
      small = await createTestApp({ MAX_PACKAGE_BYTES: '100000' })
    })
    afterAll(() => small?.cleanup())
    const post = (body: BodyInit, headers: Record<string, string>) =>
      small.app.request('/ads-preview/api/targets/inspect', {
        method: 'POST',
        body,
        headers: { ...small.auth, 'Content-Type': 'application/zip', ...headers },
        duplex: 'half',
      } as RequestInit)

    it('by its declared length, and by what arrives when no length is declared', async () => {
      const big = new Uint8Array(100_001)
      const declared = await post(big, { 'Content-Length': String(big.byteLength) })
      expect(declared.status).toBe(413)
      expect((await declared.json()).message).toBe('The package is larger than 100000 bytes.')
      let sent = 0
      const endless = new ReadableStream<Uint8Array>({
        pull(controller) {
          sent += 16_384
          controller.enqueue(new Uint8Array(16_384))
          if (sent > 10_000_000) controller.close()
        },
      })
      const streamed = await post(endless, {})
      expect(streamed.status).toBe(413)
      expect(sent).toBeLessThan(1_000_000)
      expect(fs.readdirSync(path.join(small.dataDir, '.tmp'))).toEqual([])
    })
  })
})
