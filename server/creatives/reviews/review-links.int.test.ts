// Review links through the real product: a sharer makes a link for two packages, a reviewer
// with no account opens it, sees each ad under the link's own path, comments and decides; a new
// version shows on the same link as new and awaits a decision of its own; the link reveals no
// lasting capability (no package uuid), and revoking it, its expiry or deleting a package ends
// what it opened at once. Hostile reviewers meet plain text and bounded rates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REVIEW_KEY_HEADER, REVIEW_LIMITS, type ReviewLink, type ReviewView } from '../../../shared/review.ts'
import { validPackage } from '../../../tests/fixtures/packages.ts'
import { makeApiToken } from '../../../tests/helpers/api-token.ts'
import { createTestApp, type TestApp, uploadPackage } from '../../../tests/helpers/test-app.ts'
import { REVIEW_MESSAGES, versionId } from './review-access.ts'
import { UNLOCK_FLOOD } from './unlock-review.ts'

let t: TestApp
const uuids: Record<string, string> = {}
const DAY_MS = 24 * 60 * 60 * 1000

beforeAll(async () => {
  t = await createTestApp()
  for (const name of ['banner.zip', 'interstitial.zip', 'other.zip']) {
    const upload = await uploadPackage(t, name, validPackage())
    expect(upload.response.status).toBe(201)
    uuids[name] = upload.uuid as string
  }
})
afterAll(async () => {
  await t.cleanup()
})

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { ...headers, 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
})

async function share(body: Record<string, unknown>, auth = t.auth): Promise<ReviewLink & { secret: string }> {
  const response = await t.app.request('/ads-preview/api/reviews', json(body, auth))
  expect(response.status).toBe(201)
  const link = (await response.json()) as ReviewLink
  const secret = new URL(link.url as string).pathname.split('/').at(-1) as string
  return { ...link, secret }
}

const review = (secret: string, call = '', init?: RequestInit) =>
  t.app.request(`/ads-preview/reviews/${secret}${call}`, init)

async function view(secret: string, key?: string): Promise<ReviewView> {
  const response = await review(secret, '', key ? { headers: { [REVIEW_KEY_HEADER]: key } } : {})
  expect(response.status).toBe(200)
  return (await response.json()) as ReviewView
}

const reviewer = { name: 'Ada Client', email: 'ada@agency.example' }

async function states(): Promise<Record<string, string>> {
  const query = Object.values(uuids)
    .map((u) => `uuid=${u}`)
    .join('&')
  const response = await t.app.request(`/ads-preview/api/reviews/states?${query}`, { headers: t.auth })
  expect(response.status).toBe(200)
  return (await response.json()) as Record<string, string>
}

/** The list's names under a review filter (the list's own query, as the toolbar sends it). */
async function listed(review: string): Promise<string[]> {
  const response = await t.app.request(`/ads-preview/api/packages?review=${review}`, { headers: t.auth })
  expect(response.status).toBe(200)
  return ((await response.json()) as { packages: { filename: string }[] }).packages.map((p) => p.filename)
}

describe('a review link', () => {
  it('shows the shared ads under its own path, and nothing that outlives it', async () => {
    const link = await share({ uuids: [uuids['banner.zip'], uuids['interstitial.zip']] })
    expect(link.url).toMatch(/^http:\/\/localhost:3999\/ads-preview\/review\/[\w-]{43}$/)
    expect(Date.parse(link.expiresAt) - Date.parse(link.createdAt)).toBe(REVIEW_LIMITS.defaultDays * DAY_MS)
    const shown = await view(link.secret)
    expect(shown.items.map((i) => i.filename)).toEqual(['banner.zip', 'interstitial.zip'])
    // The checks only when the sharer chose to show them.
    expect(shown.items[0]).toMatchObject({ warnings: null, targets: null })
    const checked = await share({ uuids: [uuids['banner.zip']], showChecks: true })
    expect((await view(checked.secret)).items[0]).toMatchObject({
      warnings: [],
      targets: { verdict: expect.any(String) },
    })
    // The package uuid is index_url's and package_url's capability: the page never learns it.
    expect(JSON.stringify(shown)).not.toContain(uuids['banner.zip'])
    const ad = await t.app.request(t.pathOf(shown.items[0]?.previewUrl as string))
    expect(ad.status).toBe(200)
    expect(ad.headers.get('content-security-policy')).toContain('sandbox')
    expect(ad.headers.get('cache-control')).toBe('no-store')
    expect(await ad.text()).toContain('<html')
    // A version of a package the link does not name is not served through it.
    const elsewhere = shown.items[0]?.previewUrl.replace(
      shown.items[0].versionId,
      'not-on-this-link',
    ) as string
    expect((await t.app.request(t.pathOf(elsewhere))).status).toBe(409)
  })

  it('takes comments as plain text and decisions per version; a new version awaits its own', async () => {
    const link = await share({ uuids: [uuids['banner.zip']] })
    const [item] = (await view(link.secret)).items
    const text = 'Logo \u202Eevil\u202C <img src=x onerror=alert(1)> too small'
    const comment = await review(
      link.secret,
      '/comments',
      json({ ...reviewer, versionId: item?.versionId, text, pin: { x: 0.5, y: 0.25 } }),
    )
    expect(comment.status).toBe(200)
    const decided = await review(
      link.secret,
      '/decisions',
      json({ ...reviewer, versionId: item?.versionId, decision: 'changes-requested' }),
    )
    expect(decided.status).toBe(200)
    const [after] = (await view(link.secret)).items
    expect(after?.comments[0]).toMatchObject({
      name: 'Ada Client',
      text: 'Logo evil <img src=x onerror=alert(1)> too small',
      pin: { x: 0.5, y: 0.25 },
    })
    expect(after?.decisions).toEqual([
      expect.objectContaining({ decision: 'changes-requested', name: 'Ada Client' }),
    ])
    expect((await states())[uuids['banner.zip'] as string]).toBe('changes-requested')

    // The team replaces the banner: the link shows the new version, marked new, awaiting.
    const replaced = await uploadPackage(t, 'banner.zip', validPackage(), 'overwrite')
    expect(replaced.response.status).toBe(201)
    uuids['banner.zip'] = replaced.uuid as string
    const [fresh] = (await view(link.secret)).items
    expect(fresh).toMatchObject({ filename: 'banner.zip', isNew: true, comments: [], decisions: [] })
    expect(fresh?.versionId).not.toBe(item?.versionId)
    expect((await states())[uuids['banner.zip'] as string]).toBe('awaiting')
    expect(await listed('awaiting')).toContain('banner.zip')
    // A decision on the version the reviewer saw before the replace does not land on the new one.
    const stale = await review(
      link.secret,
      '/decisions',
      json({ ...reviewer, versionId: item?.versionId, decision: 'approved' }),
    )
    expect(stale.status).toBe(409)
    await review(
      link.secret,
      '/decisions',
      json({ ...reviewer, versionId: fresh?.versionId, decision: 'approved' }),
    )
    expect((await states())[uuids['banner.zip'] as string]).toBe('approved')
    expect(await listed('approved')).toEqual(['banner.zip'])
    expect(await listed('changes-requested')).toEqual([])

    const feedback = await t.app.request('/ads-preview/api/reviews/feedback?filename=banner.zip', {
      headers: t.auth,
    })
    const said = (await feedback.json()) as { kind: string; text: string }[]
    expect(said.map((s) => s.text)).toEqual([
      'Logo evil <img src=x onerror=alert(1)> too small',
      'changes-requested',
      'approved',
    ])
    const trail = await t.app.request(`/ads-preview/api/audit?packageUuid=${uuids['banner.zip']}`, {
      headers: t.auth,
    })
    const actions = ((await trail.json()) as { events: { action: string }[] }).events.map((e) => e.action)
    expect(actions).toEqual(expect.arrayContaining(['review.shared', 'review.commented', 'review.decided']))
  })

  it('refuses comments too long, not JSON, or too many', async () => {
    const link = await share({ uuids: [uuids['other.zip']] })
    const [item] = (await view(link.secret)).items
    const post = (text: string) =>
      review(link.secret, '/comments', json({ ...reviewer, versionId: item?.versionId, text }))
    expect((await post('x'.repeat(REVIEW_LIMITS.commentChars + 1))).status).toBe(400)
    expect((await review(link.secret, '/comments', { method: 'POST', body: 'not json' })).status).toBe(400)
    expect((await review(link.secret, '/comments', { method: 'POST', body: 'x'.repeat(9000) })).status).toBe(
      413,
    )
    // Ten minutes on, what this address said in the earlier tests no longer counts.
    const realNow = t.services.now
    t.services.now = () => realNow() + 11 * 60 * 1000
    try {
      for (let i = 0; i < REVIEW_LIMITS.commentsPerAddressPer10Min; i++)
        expect((await post(`note ${i}`)).status).toBe(200)
      expect((await post('one more')).status).toBe(429)
    } finally {
      t.services.now = realNow
    }
  })

  it('with a password, opens only with the key the password unlocks', async () => {
    const link = await share({ uuids: [uuids['other.zip']], password: 'campaign-2026' })
    expect((await review(link.secret)).status).toBe(401)
    expect((await review(link.secret, '/unlock', json({ password: 'wrong' }))).status).toBe(403)
    const unlock = await review(link.secret, '/unlock', json({ password: 'campaign-2026' }))
    const { key } = (await unlock.json()) as { key: string }
    const [item] = (await view(link.secret, key)).items
    expect((await t.app.request(t.pathOf(item?.previewUrl as string))).status).toBe(200)
    const guessed = item?.previewUrl.replace(`/files/${key}/`, '/files/open/') as string
    expect((await t.app.request(t.pathOf(guessed))).status).toBe(401)
  })

  it('ends at once when revoked, expired, or its package is deleted', async () => {
    const link = await share({ uuids: [uuids['interstitial.zip']], expiresInDays: 2 })
    const [item] = (await view(link.secret)).items
    const ad = t.pathOf(item?.previewUrl as string)

    const realNow = t.services.now
    t.services.now = () => realNow() + 2 * DAY_MS
    try {
      expect((await review(link.secret)).status).toBe(410)
      expect((await t.app.request(ad)).status).toBe(410)
    } finally {
      t.services.now = realNow
    }

    const other = await share({ uuids: [uuids['interstitial.zip']] })
    const [otherItem] = (await view(other.secret)).items
    const del = await t.app.request(`/ads-preview/api/packages/${uuids['interstitial.zip']}`, {
      method: 'DELETE',
      headers: t.auth,
    })
    expect(del.status).toBe(200)
    expect((await view(other.secret)).items).toEqual([])
    expect((await t.app.request(t.pathOf(otherItem?.previewUrl as string))).status).toBe(409)

    const revoke = await t.app.request(`/ads-preview/api/reviews/${link.id}`, {
      method: 'DELETE',
      headers: t.auth,
    })
    expect(revoke.status).toBe(200)
    const listed = await t.app.request('/ads-preview/api/reviews?filename=interstitial.zip', {
      headers: t.auth,
    })
    const links = (await listed.json()) as ReviewLink[]
    expect(links.find((l) => l.id === link.id)?.state).toBe('revoked')
    expect(links.every((l) => l.url === undefined)).toBe(true)
    expect((await review(link.secret)).status).toBe(410)
    expect((await review(link.secret)).headers.get('cache-control')).toBeNull()
    expect((await review('x'.repeat(43))).status).toBe(410)
    expect(REVIEW_MESSAGES.gone).toMatch(/ended/)
  })

  it('is made by a write token, not a read one', async () => {
    const read = await makeApiToken(t, 'read')
    const write = await makeApiToken(t, 'write')
    const body = { uuids: [uuids['other.zip']] }
    const refused = await t.app.request(
      '/ads-preview/api/reviews',
      json(body, { Authorization: `Bearer ${read}` }),
    )
    expect(refused.status).toBe(403)
    await share(body, { Authorization: `Bearer ${write}` })
    expect((await t.app.request('/ads-preview/api/reviews', json(body))).status).toBe(401)
  })

  it('serves the version it showed before a Replace or a Keep both, to compare with, while it is open', async () => {
    const early = await uploadPackage(t, 'compare.zip', validPackage())
    const replacedBeforeSharing = await uploadPackage(t, 'compare.zip', validPackage(), 'overwrite')
    const link = await share({ uuids: [replacedBeforeSharing.uuid] })
    // A second link that sees the same versions, to be revoked at the end.
    const revoked = await share({ uuids: [replacedBeforeSharing.uuid] })
    const filesOf = (item: { previewUrl: string } | null | undefined) =>
      t.app.request(t.pathOf(item?.previewUrl as string))
    const [first] = (await view(link.secret)).items
    expect(first?.previous).toBeNull()

    const replaced = await uploadPackage(t, 'compare.zip', validPackage(), 'overwrite')
    const [second] = (await view(link.secret)).items
    const [secondOnRevoked] = (await view(revoked.secret)).items
    expect(second?.previous).toMatchObject({ versionId: first?.versionId, version: 1, warnings: null })
    const ad = await filesOf(second?.previous)
    expect(ad.status).toBe(200)
    expect(ad.headers.get('content-security-policy')).toContain('sandbox')
    expect(ad.headers.get('cache-control')).toBe('no-store')
    expect(await ad.text()).toContain('<html')
    // A version the link never showed (replaced before it was made) is not served through it.
    const never = second?.previewUrl.replace(
      second.versionId,
      versionId(link as never, early.uuid as string),
    ) as string
    expect((await t.app.request(t.pathOf(never))).status).toBe(409)

    // Replaced while nobody looked (never shown), then Keep both: the newest shows, and the one
    // the link showed before it is its previous version.
    const unseen = await uploadPackage(t, 'compare.zip', validPackage(), 'overwrite')
    const kept = await uploadPackage(t, 'compare.zip', validPackage(), 'keep')
    expect(kept.response.status).toBe(201)
    const shown = await view(link.secret)
    expect(shown.items[0]).toMatchObject({
      version: 2,
      previous: { versionId: second?.versionId, version: 1 },
    })
    expect((await filesOf(shown.items[0]?.previous)).status).toBe(200)
    expect((await filesOf(second?.previous)).status).toBe(200)
    const unseenFiles = second?.previewUrl.replace(
      second.versionId,
      versionId(link as never, unseen.uuid as string),
    ) as string
    expect((await t.app.request(t.pathOf(unseenFiles))).status).toBe(409)
    const page = JSON.stringify(shown)
    for (const uuid of [early.uuid, replacedBeforeSharing.uuid, replaced.uuid, unseen.uuid, kept.uuid])
      expect(page).not.toContain(uuid)

    // Revoking ends the earlier versions with the link; deleting the package ends them too.
    expect((await filesOf(secondOnRevoked?.previous)).status).toBe(200)
    await t.app.request(`/ads-preview/api/reviews/${revoked.id}`, { method: 'DELETE', headers: t.auth })
    expect((await filesOf(secondOnRevoked?.previous)).status).toBe(410)
    for (const uuid of [kept.uuid, unseen.uuid]) {
      const gone = await t.app.request(`/ads-preview/api/packages/${uuid}`, {
        method: 'DELETE',
        headers: t.auth,
      })
      expect(gone.status).toBe(200)
    }
    expect((await view(link.secret)).items).toEqual([])
    expect((await filesOf(second?.previous)).status).toBe(409)
    // Five uploads: 0.3 s alone on PostgreSQL, 5.1 s in the whole PostgreSQL tier at load 15;
    // budget 15 s.
  }, 15_000)

  it('keeps the sizes the sharer picked, within bounds', async () => {
    const link = await share({ uuids: [uuids['other.zip']], sizes: ['320x50', '300x250', '320x50'] })
    expect(link.sizes).toEqual(['320x50', '300x250'])
    expect((await view(link.secret)).sizes).toEqual(['320x50', '300x250'])
    expect((await share({ uuids: [uuids['other.zip']] })).sizes).toEqual([])
    const tooMany = Array.from({ length: REVIEW_LIMITS.sizesPerLink + 1 }, (_, i) => `${300 + i}x250`)
    for (const sizes of [['1x1'], ['320x50x2'], ['99999x50'], ['<b>'], tooMany]) {
      const refused = await t.app.request(
        '/ads-preview/api/reviews',
        json({ uuids: [uuids['other.zip']], sizes }, t.auth),
      )
      expect(refused.status, JSON.stringify(sizes)).toBe(400)
    }
  })

  it('stops password guessing per address and per link', async () => {
    const link = await share({ uuids: [uuids['other.zip']], password: 'campaign-2026' })
    const unlock = (password: string) => review(link.secret, '/unlock', json({ password }))
    const realNow = t.services.now
    // Ten minutes on, the wrong password an earlier test sent from this address no longer counts.
    const start = realNow() + 11 * 60 * 1000
    let moved = 0
    t.services.now = () => start + moved
    try {
      expect((await unlock('campaign-2026')).status).toBe(200)
      // Guesses from one address: the bound stops them, the right password too, for ten minutes.
      for (
        let batch = 0;
        batch * REVIEW_LIMITS.unlocksPerAddressPer10Min < REVIEW_LIMITS.unlocksPerLinkPerHour;
        batch++
      ) {
        for (let i = 0; i < REVIEW_LIMITS.unlocksPerAddressPer10Min; i++)
          expect((await unlock(`guess ${batch}-${i}`)).status).toBe(403)
        const stopped = await unlock('campaign-2026')
        expect(stopped.status).toBe(429)
        expect(((await stopped.json()) as { message: string }).message).toBe(UNLOCK_FLOOD)
        moved += 10 * 60 * 1000 + 1
      }
      // Ten minutes on, the address's own bound is lifted, but the link's hour is spent.
      expect((await unlock('campaign-2026')).status).toBe(429)
      moved += 60 * 60 * 1000
      expect((await unlock('campaign-2026')).status).toBe(200)
    } finally {
      t.services.now = realNow
    }
    // 17 scrypt checks: 0.8 s on SQLite beside another helper's tests; PostgreSQL took 8.2 s with
    // 32 checks at load 18 (4.4 s for 17); budget 12 s.
  }, 12_000)
})
