// A Replace keeps the replaced bytes for REPLACE_UNDO_DAYS, and an administrator can undo it (a
// mistaken Replace can be taken back): the old version takes its place again (same id, name and
// version; its own uuid, links and bytes), the newer one is kept in turn (so the undo can be
// undone), each step is in the package's history; after the retention both the record and the files
// go for good.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuditPage } from '../../../shared/team.ts'
import { validPackage } from '../../../tests/fixtures/packages.ts'
import { createTestApp, type TestApp, uploadPackage } from '../../../tests/helpers/test-app.ts'
import { purgeRetained } from '../retention/purge-retained.ts'

const ADMIN = 'lead@example.com'
const DAY = 24 * 3600_000
let t: TestApp
let admin: Record<string, string>
const first = validPackage('first')
const second = validPackage('second')
const uuids: string[] = []

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: ADMIN, REPLACE_UNDO_DAYS: '2' })
  admin = {
    Authorization: `Bearer ${await t.issuer.sign({ sub: 'lead', email: ADMIN, email_verified: true })}`,
  }
  for (const [zip, policy] of [
    [first, 'none'],
    [second, 'overwrite'],
  ] as const) {
    const uploaded = await uploadPackage(t, 'banner.zip', zip, policy)
    expect(uploaded.response.status).toBe(201)
    uuids.push(uploaded.uuid as string)
  }
})
afterAll(() => t?.cleanup())

const undo = (uuid: string, headers: Record<string, string>) =>
  t.app.request(`/ads-preview/api/packages/${uuid}/undo-replace`, { method: 'POST', headers })

async function listed() {
  const response = await t.app.request('/ads-preview/api/packages', { headers: t.auth })
  return ((await response.json()) as { packages: { uuid: string; filename: string; id: number }[] }).packages
}

async function bytesOf(uuid: string) {
  const pkg = (await listed()).find((p) => p.uuid === uuid)
  const url = (pkg as unknown as { package_url: string }).package_url
  return new Uint8Array(await (await t.app.request(t.pathOf(url))).arrayBuffer())
}

describe('undoing a Replace', () => {
  it('keeps the replaced bytes, and lets only an administrator put them back', async () => {
    expect(t.blobFiles()).toContain(`${uuids[0]}.zip`)
    expect((await undo(uuids[0] as string, t.auth)).status).toBe(403)
    const answer = await undo(uuids[0] as string, admin)
    expect(answer.status).toBe(200)
    expect(((await answer.json()) as { package: { uuid: string } }).package.uuid).toBe(uuids[0])
    expect((await listed()).map((p) => p.uuid)).toEqual([uuids[0]])
    expect(await bytesOf(uuids[0] as string)).toEqual(first)
    // Undone again: the newer version was kept in turn.
    expect((await undo(uuids[1] as string, admin)).status).toBe(200)
    expect(await bytesOf(uuids[1] as string)).toEqual(second)
    expect((await undo(uuids[1] as string, admin)).status).toBe(404)
  })

  it('records each step in the package history', async () => {
    const input = encodeURIComponent(JSON.stringify({ packageUuid: uuids[0] }))
    const response = await t.app.request(`/ads-preview/trpc/audit.list?input=${input}`, { headers: t.auth })
    const page = ((await response.json()) as { result: { data: AuditPage } }).result.data
    expect(page.events.map((e) => [e.action, e.details?.uuid])).toEqual([
      ['package.replace-undone', uuids[1]],
      ['package.replace-undone', uuids[0]],
      ['package.replaced', uuids[1]],
      ['package.uploaded', uuids[0]],
    ])
    // REPLACE_UNDO_DAYS=2, not the default 7.
    const keptFor = Date.parse(String(page.events[2]?.details?.undoUntil)) - Date.now()
    expect(Math.abs(keptFor - 2 * DAY)).toBeLessThan(60_000)
  })

  it('removes the replaced record and files for good once REPLACE_UNDO_DAYS have passed', async () => {
    const now = t.services.now
    try {
      t.services.now = () => Date.now() + 2 * DAY - 60_000
      expect(await purgeRetained(t.services, uuids[0] as string)).toBe(false)
      expect(t.blobFiles()).toContain(`${uuids[0]}.zip`)
      t.services.now = () => Date.now() + 2 * DAY + 1
      expect(await purgeRetained(t.services, uuids[0] as string)).toBe(true)
    } finally {
      t.services.now = now
    }
    expect(t.blobFiles()).not.toContain(`${uuids[0]}.zip`)
    expect((await undo(uuids[0] as string, admin)).status).toBe(404)
  })
})
