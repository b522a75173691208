// Personal API tokens on the real product (SQLite, and PostgreSQL in the postgres project):
// made and revoked by a person through tRPC, used as bearer tokens on REST and tRPC, scope read
// or write on every call, revocation and expiry at the next call, the last use recorded, the
// secret stored only as its sha256, and a removed member's tokens revoked with them.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { ApiToken, CreatedApiToken } from '../../../shared/api-tokens.ts'
import type { AuditPage } from '../../../shared/team.ts'
import { validPackage } from '../../../tests/fixtures/packages.ts'
import { createTestApp, type TestApp, uploadPackage } from '../../../tests/helpers/test-app.ts'
import { ACCESS_DENIED } from '../access/access-policy.ts'
import { SCOPE_REFUSED } from '../access/scope.ts'
import { addUser, removeUser } from '../provider/users.ts'
import { API_TOKEN_REFUSED } from './api-token-check.ts'

let t: TestApp
beforeAll(async () => {
  // An email rule the token's owner must meet on every use: it sees the claims the token recorded.
  t = await createTestApp({ AUTH_ALLOWED_EMAIL_DOMAINS: 'example.com' })
})
afterAll(() => t.cleanup())

const bearer = (secret: string) => ({ Authorization: `Bearer ${secret}` })

async function trpc(auth: Record<string, string>, path: string, input?: unknown, method = 'POST') {
  const query =
    method === 'GET' && input !== undefined ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''
  const response = await t.app.request(`/ads-preview/trpc/${path}${query}`, {
    method,
    headers: { ...auth, 'Content-Type': 'application/json' },
    ...(method === 'POST' ? { body: JSON.stringify(input ?? {}) } : {}),
  })
  const body = (await response.json()) as { result?: { data: unknown }; error?: { message: string } }
  return { status: response.status, data: body.result?.data, message: body.error?.message }
}

async function makeToken(scope: 'read' | 'write', auth = t.auth, expiresInDays?: number) {
  const made = await trpc(auth, 'tokens.create', { name: `ci ${scope}`, scope, expiresInDays })
  expect(made.status).toBe(200)
  return made.data as CreatedApiToken
}

const list = (auth: Record<string, string>) => t.app.request('/ads-preview/api/packages', { headers: auth })

describe('an API token of scope write', () => {
  let made: CreatedApiToken
  beforeAll(async () => {
    t.auth.Authorization = `Bearer ${await t.issuer.sign({ email: 'qa@example.com', email_verified: true })}`
    made = await makeToken('write')
  })

  it('is shown once, stored only as its sha256, and listed without its secret', async () => {
    expect(made.secret).toMatch(/^adp_[A-Za-z0-9_-]{43}$/)
    expect(made.token).toMatchObject({ name: 'ci write', scope: 'write', last_used_at: null })
    const rows = await t.db.orm.select().from(t.db.tables.apiTokens)
    expect(JSON.stringify(rows)).not.toContain(made.secret.slice(4))
    const { createHash } = await import('node:crypto')
    expect(rows.map((r) => r.secretSha256)).toContain(createHash('sha256').update(made.secret).digest('hex'))
    const listed = await trpc(t.auth, 'tokens.list', undefined, 'GET')
    expect(listed.data).toEqual({ tokens: [made.token] })
    expect(JSON.stringify(listed.data)).not.toContain(made.secret)
  })

  it('does on REST and tRPC what its owner does, and every use moves its last-used time', async () => {
    const auth = bearer(made.secret)
    const upload = await uploadPackage({ ...t, auth }, 'by-token.zip', validPackage())
    expect(upload.response.status).toBe(201)
    const created = ((await upload.response.json()) as { package: { uuid: string; uploaded_by: string } })
      .package
    expect(created.uploaded_by).toBe('qa@example.com')
    const listed = await trpc(auth, 'packages.list', undefined, 'GET')
    expect(listed.status).toBe(200)
    const used = ((await trpc(t.auth, 'tokens.list', undefined, 'GET')).data as { tokens: ApiToken[] })
      .tokens[0]
    expect(used?.last_used_at).not.toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect((await list(auth)).status).toBe(200)
    const later = ((await trpc(t.auth, 'tokens.list', undefined, 'GET')).data as { tokens: ApiToken[] })
      .tokens[0]
    expect(Date.parse(later!.last_used_at!)).toBeGreaterThan(Date.parse(used!.last_used_at!))
    const deleted = await trpc(auth, 'packages.delete', { uuid: created.uuid })
    expect(deleted.status).toBe(200)
  })

  it('cannot make, list or revoke tokens: a person does that', async () => {
    for (const [path, input, method] of [
      ['tokens.create', { name: 'more', scope: 'write' }, 'POST'],
      ['tokens.list', undefined, 'GET'],
      ['tokens.revoke', { id: made.token.id }, 'POST'],
    ] as const) {
      expect(await trpc(bearer(made.secret), path, input, method)).toMatchObject({
        status: 403,
        message: SCOPE_REFUSED.personOnly,
      })
    }
  })

  it('is refused at the next call once revoked, on REST and tRPC, and leaves the list', async () => {
    const token = await makeToken('write')
    expect((await list(bearer(token.secret))).status).toBe(200)
    expect((await trpc(t.auth, 'tokens.revoke', { id: token.token.id })).status).toBe(200)
    const rest = await list(bearer(token.secret))
    expect(rest.status).toBe(401)
    expect(await rest.json()).toEqual({ message: API_TOKEN_REFUSED.unknown })
    expect(await trpc(bearer(token.secret), 'packages.list', undefined, 'GET')).toMatchObject({ status: 401 })
    const listed = (await trpc(t.auth, 'tokens.list', undefined, 'GET')).data as { tokens: ApiToken[] }
    expect(listed.tokens.map((x) => x.id)).not.toContain(token.token.id)
    expect((await trpc(t.auth, 'tokens.revoke', { id: token.token.id })).status).toBe(404)
  })

  it('cannot be revoked by someone else, who does not see it', async () => {
    const other = bearer(await t.issuer.sign({ sub: 'user-2', email: 'b@example.com', email_verified: true }))
    expect((await trpc(other, 'tokens.list', undefined, 'GET')).data).toEqual({ tokens: [] })
    expect((await trpc(other, 'tokens.revoke', { id: made.token.id })).status).toBe(404)
    expect((await list(bearer(made.secret))).status).toBe(200)
  })
})

describe('an API token of scope read', () => {
  it('lists and gets, and every call that changes something is refused (403) on REST and tRPC', async () => {
    const writer = await makeToken('write')
    const upload = await uploadPackage(
      { ...t, auth: bearer(writer.secret) },
      'read-scope.zip',
      validPackage(),
    )
    const { uuid } = ((await upload.response.json()) as { package: { uuid: string } }).package
    const reader = bearer((await makeToken('read')).secret)

    expect((await list(reader)).status).toBe(200)
    expect((await trpc(reader, 'packages.get', { uuid }, 'GET')).status).toBe(200)
    // Reading is reading: a package's history and the account, on REST and tRPC.
    const history = await t.app.request(`/ads-preview/api/audit?packageUuid=${uuid}`, { headers: reader })
    expect(history.status).toBe(200)
    expect(((await history.json()) as AuditPage).events.map((event) => event.action)).toContain(
      'package.uploaded',
    )
    expect((await trpc(reader, 'audit.list', { packageUuid: uuid }, 'GET')).status).toBe(200)
    expect((await trpc(reader, 'account.get', undefined, 'GET')).status).toBe(200)
    const refusals = [
      await t.app.request(`/ads-preview/api/packages/${uuid}`, { method: 'DELETE', headers: reader }),
      await t.app.request(`/ads-preview/api/packages/${uuid}`, { method: 'POST', headers: reader }),
      await t.app.request(
        '/ads-preview/api/upload/get-package-upload-url?filename=a.zip&contentType=application%2Fzip',
        { headers: reader },
      ),
      await t.app.request(`/ads-preview/api/upload/validate-package-upload/${uuid}`, {
        method: 'POST',
        headers: { ...reader, 'Content-Type': 'application/json' },
        body: '{}',
      }),
      // Inspecting stores nothing, but it spends a validation process as an upload does.
      await t.app.request('/ads-preview/api/targets/inspect', {
        method: 'POST',
        headers: { ...reader, 'Content-Type': 'application/zip' },
        body: validPackage() as Uint8Array<ArrayBuffer>,
      }),
    ]
    for (const answer of refusals) {
      expect(answer.status).toBe(403)
      expect(await answer.json()).toEqual({ message: SCOPE_REFUSED.readOnly })
    }
    for (const [path, input] of [
      ['packages.delete', { uuid }],
      ['packages.create', { uuid }],
      ['upload.getUrl', { filename: 'a.zip', contentType: 'application/zip' }],
      ['upload.validate', { uuid }],
    ] as const) {
      expect(await trpc(reader, path, input)).toMatchObject({ status: 403, message: SCOPE_REFUSED.readOnly })
    }
    expect((await list(reader)).status).toBe(200)
  })
})

describe('refused API tokens', () => {
  it('an expired one at the first call after its expiry', async () => {
    const token = await makeToken('read', t.auth, 1)
    expect(Date.parse(token.token.expires_at) - Date.parse(token.token.created_at)).toBe(24 * 60 * 60 * 1000)
    expect((await list(bearer(token.secret))).status).toBe(200)
    vi.useFakeTimers({ toFake: ['Date'], now: Date.parse(token.token.expires_at) + 1 })
    try {
      const answer = await list(bearer(token.secret))
      expect(answer.status).toBe(401)
      expect(await answer.json()).toEqual({ message: API_TOKEN_REFUSED.expired })
    } finally {
      vi.useRealTimers()
    }
  })

  it('an unknown one and a malformed one; and nobody the access policy refuses gets one', async () => {
    for (const secret of [`adp_${'A'.repeat(43)}`, 'adp_short', 'adp_']) {
      const answer = await list(bearer(secret))
      expect(answer.status).toBe(401)
      expect(await answer.json()).toEqual({ message: API_TOKEN_REFUSED.unknown })
    }
    // This app lets in verified emails at example.com only (each token's use is judged so too).
    const unverified = bearer(await t.issuer.sign({ sub: 'user-3', email: 'c@example.com' }))
    expect((await trpc(unverified, 'tokens.create', { name: 'x', scope: 'read' })).status).toBe(403)
  })

  it('input a person gets wrong is named', async () => {
    expect(await trpc(t.auth, 'tokens.create', { name: ' ', scope: 'read' })).toMatchObject({
      status: 400,
      message: 'name: name is required',
    })
    expect(await trpc(t.auth, 'tokens.create', { name: 'x', scope: 'admin' })).toMatchObject({
      status: 400,
      message: 'scope: scope must be read or write',
    })
    expect(
      await trpc(t.auth, 'tokens.create', { name: 'x', scope: 'read', expiresInDays: 400 }),
    ).toMatchObject({
      status: 400,
      message: 'expiresInDays: expiresInDays must be at most 366',
    })
  })

  it("a removed member's, at once: removing the user revokes their tokens", async () => {
    const { id: sub } = await addUser(t.db, 'leaver@example.com', 'a-long-password-1')
    const person = bearer(await t.issuer.sign({ sub, email: 'leaver@example.com', email_verified: true }))
    const token = await makeToken('write', person)
    expect((await list(bearer(token.secret))).status).toBe(200)
    await removeUser(t.db, 'leaver@example.com')
    expect((await list(bearer(token.secret))).status).toBe(401)
  })
})

describe('OAuth client credentials from an external provider', () => {
  it('are taken like a person\'s access token unless a rule needs a person (docs/api.md "API tokens")', async () => {
    const client = bearer(await t.issuer.sign({ sub: 'ci-client@clients', email: undefined }))
    const refused = await list(client)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ message: ACCESS_DENIED.unverifiedEmail })
    const open = await createTestApp()
    try {
      const answer = await open.app.request('/ads-preview/api/packages', {
        headers: bearer(await open.issuer.sign({ sub: 'ci-client@clients', email: undefined })),
      })
      expect(answer.status).toBe(200)
    } finally {
      await open.cleanup()
    }
  })
})
