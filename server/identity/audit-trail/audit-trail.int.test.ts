// The audit trail of packages on the real product (who changed what, kept for accountability): an
// upload, a Replace and a delete each leave an entry with who and when, kept after the package is
// gone; any member reads a package's history, only the admin (ADMIN_EMAIL, verified, with an
// external provider) the whole log; the same answers on REST and tRPC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AuditPage, auditPageSchema } from '../../../shared/team.ts'
import { validPackage } from '../../../tests/fixtures/packages.ts'
import { createTestApp, type TestApp, uploadPackage } from '../../../tests/helpers/test-app.ts'

const ADMIN = 'lead@example.com'
let t: TestApp
let admin: Record<string, string>
let member: Record<string, string>
const uuids: string[] = []

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAIL: ADMIN })
  admin = {
    Authorization: `Bearer ${await t.issuer.sign({ sub: 'lead', email: ADMIN, email_verified: true })}`,
  }
  member = { Authorization: `Bearer ${await t.issuer.sign({ sub: 'qa', email: 'qa@example.com' })}` }
  for (const policy of ['none', 'overwrite']) {
    const uploaded = await uploadPackage(t, 'banner.zip', validPackage(policy), policy)
    expect(uploaded.response.status).toBe(201)
    uuids.push(uploaded.uuid as string)
  }
  const deleted = await t.app.request(`/ads-preview/api/packages/${uuids[1]}`, {
    method: 'DELETE',
    headers: member,
  })
  expect(deleted.status).toBe(200)
})
afterAll(() => t?.cleanup())

async function auditPage(query: Record<string, string>, headers: Record<string, string>) {
  const response = await t.app.request(`/ads-preview/api/audit?${new URLSearchParams(query)}`, { headers })
  return { status: response.status, body: (await response.json()) as AuditPage & { message?: string } }
}

describe('the audit trail of packages', () => {
  it("answers a deleted package's history by the uuid of any of its versions, newest first", async () => {
    for (const uuid of uuids) {
      const { status, body } = await auditPage({ packageUuid: uuid }, member)
      expect(status).toBe(200)
      auditPageSchema.parse(body)
      expect(body.events.map((e) => [e.action, e.actor, e.subject.name])).toEqual([
        ['package.deleted', 'qa@example.com', 'banner.zip'],
        ['package.replaced', 'qa@example.com', 'banner.zip'],
        ['package.uploaded', 'qa@example.com', 'banner.zip'],
      ])
      expect(body.events[1]?.details).toMatchObject({ uuid: uuids[1], replacedUuid: uuids[0], version: 1 })
      expect(Date.parse(body.events[0]?.at ?? '')).toBeGreaterThan(Date.now() - 60_000)
    }
    const unknown = await auditPage({ packageUuid: '00000000-0000-4000-8000-000000000000' }, member)
    expect(unknown.status).toBe(404)
  })

  it('gives the whole log to the admin only, a page at a time, on REST and tRPC alike', async () => {
    const refused = await auditPage({}, member)
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('Only an administrator may do this.')
    const unverified = `Bearer ${await t.issuer.sign({ sub: 'lead', email: ADMIN, email_verified: false })}`
    expect((await auditPage({}, { Authorization: unverified })).status).toBe(403)

    const first = await auditPage({ limit: '2' }, admin)
    expect(first.status).toBe(200)
    expect(first.body.events.map((e) => e.action)).toEqual(['package.deleted', 'package.replaced'])
    const rest = await auditPage({ limit: '2', cursor: String(first.body.next) }, admin)
    expect(rest.body.events.map((e) => e.action)).toEqual(['package.uploaded'])
    expect(rest.body.next).toBeNull()

    const input = encodeURIComponent(JSON.stringify({ limit: 2 }))
    const trpc = await t.app.request(`/ads-preview/trpc/audit.list?input=${input}`, { headers: admin })
    expect(((await trpc.json()) as { result: { data: AuditPage } }).result.data).toEqual(first.body)
    const trpcRefused = await t.app.request(`/ads-preview/trpc/audit.list?input=${input}`, {
      headers: member,
    })
    expect(trpcRefused.status).toBe(403)
  })

  it("shows who acted from which address to admins only, in a package's history too", async () => {
    const origin = await t.listen()
    const history = async (headers: Record<string, string>) => {
      const response = await fetch(`${origin}/ads-preview/api/audit?packageUuid=${uuids[0]}`, { headers })
      expect(response.status).toBe(200)
      return ((await response.json()) as AuditPage).events
    }
    // An entry made over a socket, so that it has an address to hide.
    const again = await fetch(`${origin}/ads-preview/api/packages/${uuids[1]}/restore`, {
      method: 'POST',
      headers: member,
    })
    expect(again.status).toBe(200)
    const seenByAdmin = await history(admin)
    expect(seenByAdmin[0]?.address).toMatch(/127\.0\.0\.1|::1/)
    const seenByMember = await history(member)
    expect(seenByMember.map((e) => e.action)).toEqual(seenByAdmin.map((e) => e.action))
    for (const event of seenByMember) expect(event.address).toBeNull()
  })

  it('leaves the team to the external provider: team calls answer 409 with where to manage it', async () => {
    const list = await t.app.request('/ads-preview/trpc/team.list', { headers: admin })
    expect(list.status).toBe(409)
    const account = await t.app.request('/ads-preview/trpc/account.get', { headers: admin })
    expect(((await account.json()) as { result: { data: unknown } }).result.data).toEqual({
      email: ADMIN,
      role: 'admin',
      managedHere: false,
    })
  })
})
