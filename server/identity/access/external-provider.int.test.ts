// The access policy against the real thing (not a mock): an external provider started by the test
// run, the product started on it with AUTH_ORGANIZATION, AUTH_ALLOWED_EMAIL_DOMAINS and
// AUTH_REQUIRED_CLAIM, and tokens the configuration excludes sent to REST and tRPC. Each must be
// refused (403, a message, no capability link); the admitted ones get through.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type ExternalIssuer, startExternalIssuer } from '../../../tests/helpers/external-issuer.ts'
import { parseConfig } from '../../parse-config.ts'
import { type Product, startProduct } from '../../start.ts'
import { ACCESS_DENIED } from './access-policy.ts'

let issuer: ExternalIssuer
let product: Product
let server: { url: string }
let dataDir: string

const POLICY = {
  AUTH_ORGANIZATION: 'org_mine',
  AUTH_ALLOWED_EMAIL_DOMAINS: 'example.com, Example.ORG',
  AUTH_REQUIRED_CLAIM: 'groups=ads-preview',
}

async function start(env: Record<string, string>) {
  product = await startProduct(
    parseConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      LOG_REQUESTS: '0',
      ...issuer.env(env),
    }),
  )
  return product.listen()
}

beforeAll(async () => {
  issuer = await startExternalIssuer()
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-policy-'))
  server = await start(POLICY)
})
afterAll(async () => {
  await product?.close()
  await issuer?.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
})

const ADMITTED = {
  org_id: 'org_mine',
  email: 'qa@example.com',
  email_verified: true,
  groups: ['staff', 'ads-preview'],
}

/** The same call on both transports: REST's list and upload URL, tRPC's list. */
async function callEveryWay(token: string) {
  const headers = { authorization: `Bearer ${token}` }
  const query = new URLSearchParams({ filename: 'a.zip', contentType: 'application/zip', policy: 'keep' })
  const [rest, uploadUrl, trpc] = await Promise.all([
    fetch(`${server.url}api/packages`, { headers }),
    fetch(`${server.url}api/upload/get-package-upload-url?${query}`, { headers }),
    fetch(`${server.url}trpc/packages.list`, { headers }),
  ])
  return {
    statuses: [rest.status, uploadUrl.status, trpc.status],
    bodies: [await rest.json(), await uploadUrl.json(), await trpc.json()] as Record<string, unknown>[],
  }
}

async function expectRefused(token: string, message: string) {
  const { statuses, bodies } = await callEveryWay(token)
  expect(statuses).toEqual([403, 403, 403])
  for (const body of bodies) {
    expect(body).toEqual({ message, accessDenied: true })
    expect(JSON.stringify(body)).not.toContain('signedRequest')
  }
}

describe('an external provider with AUTH_ORGANIZATION, AUTH_ALLOWED_EMAIL_DOMAINS and AUTH_REQUIRED_CLAIM', () => {
  it('lets in a token that meets every rule, on REST and tRPC, with capability links', async () => {
    const { statuses, bodies } = await callEveryWay(await issuer.accessToken({ sub: 'in-1', ...ADMITTED }))
    expect(statuses).toEqual([200, 200, 200])
    expect(bodies[1]).toHaveProperty('signedRequest')
  })

  it('refuses another organisation and a token without one', async () => {
    await expectRefused(
      await issuer.accessToken({ sub: 'other-org', ...ADMITTED, org_id: 'org_theirs' }),
      ACCESS_DENIED.organization,
    )
    const { org_id: _dropped, ...withoutOrg } = ADMITTED
    await expectRefused(
      await issuer.accessToken({ sub: 'no-org', ...withoutOrg }),
      ACCESS_DENIED.organization,
    )
  })

  it('refuses an email at another domain and an unverified email', async () => {
    const domains = ['example.com', 'example.org']
    await expectRefused(
      await issuer.accessToken({ sub: 'elsewhere', ...ADMITTED, email: 'qa@example.net' }),
      ACCESS_DENIED.emailDomain(domains),
    )
    // A look-alike domain is another domain.
    await expectRefused(
      await issuer.accessToken({ sub: 'look-alike', ...ADMITTED, email: 'qa@evil-example.com' }),
      ACCESS_DENIED.emailDomain(domains),
    )
    await expectRefused(
      await issuer.accessToken({ sub: 'unverified', ...ADMITTED, email_verified: false }),
      ACCESS_DENIED.unverifiedEmail,
    )
  })

  it('refuses a token without the required claim or with another value, and takes a string claim', async () => {
    const { groups: _dropped, ...withoutGroups } = ADMITTED
    issuer.setProfile('no-groups', {})
    await expectRefused(
      await issuer.accessToken({ sub: 'no-groups', ...withoutGroups }),
      ACCESS_DENIED.claim('groups'),
    )
    await expectRefused(
      await issuer.accessToken({ sub: 'other-group', ...ADMITTED, groups: ['staff'] }),
      ACCESS_DENIED.claim('groups'),
    )
    const single = await callEveryWay(
      await issuer.accessToken({ sub: 'one-group', ...ADMITTED, groups: 'ads-preview' }),
    )
    expect(single.statuses).toEqual([200, 200, 200])
  })

  it("learns a missing email from the provider's userinfo, once per person, and applies the rules to it", async () => {
    const { email: _e, email_verified: _v, ...withoutEmail } = ADMITTED
    issuer.setProfile('auth0-style', { email: 'dev@example.org', email_verified: true })
    const before = issuer.userinfoRequests.length
    const admitted = await issuer.accessToken({ sub: 'auth0-style', ...withoutEmail })
    expect((await callEveryWay(admitted)).statuses).toEqual([200, 200, 200])
    expect((await callEveryWay(admitted)).statuses).toEqual([200, 200, 200])
    expect(issuer.userinfoRequests.slice(before)).toEqual(['auth0-style'])

    issuer.setProfile('userinfo-elsewhere', { email: 'dev@example.net', email_verified: true })
    await expectRefused(
      await issuer.accessToken({ sub: 'userinfo-elsewhere', ...withoutEmail }),
      ACCESS_DENIED.emailDomain(['example.com', 'example.org']),
    )
    issuer.setProfile('userinfo-unverified', { email: 'dev@example.org', email_verified: false })
    await expectRefused(
      await issuer.accessToken({ sub: 'userinfo-unverified', ...withoutEmail }),
      ACCESS_DENIED.unverifiedEmail,
    )
  })

  it('still answers 401, not 403, for a token it cannot verify', async () => {
    const forged = await issuer.accessToken({ sub: 'x', ...ADMITTED, iss: 'https://evil.example/' })
    const { statuses } = await callEveryWay(forged)
    expect(statuses).toEqual([401, 401, 401])
  })
})

describe('the discovery document', () => {
  it('must name AUTH_ISSUER itself, or the product refuses to start with one clear line', async () => {
    const liar = await startExternalIssuer({ discoveryIssuer: () => 'https://another-issuer.example/' })
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ads-preview-discovery-'))
    try {
      const failure = await startProduct(
        parseConfig({ PORT: '0', DATA_DIR: otherDir, LOG_REQUESTS: '0', ...liar.env() }),
      ).then(
        async (started) => {
          await started.close()
          return null
        },
        (error: Error) => error.message,
      )
      expect(failure).toBe(
        `The discovery document at ${liar.issuer}.well-known/openid-configuration names the issuer "https://another-issuer.example/", not the configured "${liar.issuer}": set AUTH_ISSUER to exactly the provider's issuer.`,
      )
      expect(failure).not.toContain('\n')
    } finally {
      await liar.close()
      fs.rmSync(otherDir, { recursive: true, force: true })
    }
  })
})
