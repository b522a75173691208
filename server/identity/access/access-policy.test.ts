// The policy's rules one by one (the real provider and server: tests/integration). Userinfo and
// membership are its boundaries, so they are plain functions here.
import { describe, expect, it } from 'vitest'
import { AppError } from '../../platform/errors.ts'
import {
  ACCESS_DENIED,
  type AccessRules,
  claimAt,
  createAccessPolicy,
  type Identity,
} from './access-policy.ts'

const NO_RULES: AccessRules = { allowedEmailDomains: [] }

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppError)
  expect((error as AppError).status).toBe(403)
  expect((error as AppError).body.accessDenied).toBe(true)
  return (error as AppError).message
}

const identity = (claims: Record<string, unknown>, sub = 'u-1'): Identity => ({
  sub,
  claims,
  accessToken: 't',
})

describe('the access policy', () => {
  it('without rules lets every verified caller in, with the email the token names', async () => {
    const policy = createAccessPolicy({ rules: NO_RULES })
    expect(await policy.admit(identity({ email: 'a@b.c' }))).toEqual({
      sub: 'u-1',
      role: 'member',
      email: 'a@b.c',
      claims: { email: 'a@b.c' },
    })
    expect(await policy.admit(identity({}))).toEqual({ sub: 'u-1', role: 'member', claims: {} })
  })

  it('finds a required claim by its full name first, then by a dotted path (Keycloak roles)', () => {
    const claims = {
      'https://example.com/groups': ['ads'],
      realm_access: { roles: ['ads-preview'] },
    }
    expect(claimAt(claims, 'https://example.com/groups')).toEqual(['ads'])
    expect(claimAt(claims, 'realm_access.roles')).toEqual(['ads-preview'])
    expect(claimAt(claims, 'realm_access.missing.deeper')).toBeUndefined()
  })

  it('takes email_verified as true or "true", nothing else', async () => {
    const policy = createAccessPolicy({ rules: { allowedEmailDomains: ['example.com'] } })
    await expect(
      policy.admit(identity({ email: 'a@example.com', email_verified: 'true' })),
    ).resolves.toBeTruthy()
    for (const flag of [false, 'false', 1, 'yes', null]) {
      expect(await refusal(policy.admit(identity({ email: 'a@example.com', email_verified: flag })))).toBe(
        ACCESS_DENIED.unverifiedEmail,
      )
    }
  })

  it('asks userinfo only when the token lacks what a rule needs, and takes email and verified together', async () => {
    const asked: string[] = []
    const policy = createAccessPolicy({
      rules: { allowedEmailDomains: ['example.com'], requiredClaim: { name: 'groups', value: 'ads' } },
      userinfo: async (who) => {
        asked.push(who.sub)
        return { email: 'other@example.net', email_verified: true, groups: 'ads' }
      },
    })
    await policy.admit(identity({ email: 'a@example.com', email_verified: true, groups: ['ads'] }))
    expect(asked).toEqual([])
    // The token's own unverified-flagless email is not paired with userinfo's verified flag.
    expect(await refusal(policy.admit(identity({ email: 'a@example.com', groups: ['ads'] }, 'u-2')))).toBe(
      ACCESS_DENIED.emailDomain(['example.com']),
    )
    expect(asked).toEqual(['u-2'])
  })

  it("answers the claims it judged, userinfo's included, so an API token can be judged again without it", async () => {
    const policy = createAccessPolicy({
      rules: { allowedEmailDomains: ['example.com'], requiredClaim: { name: 'groups', value: 'ads' } },
      userinfo: async () => ({ email: 'a@example.com', email_verified: true, groups: ['ads'], name: 'A' }),
    })
    const admitted = await policy.admit(identity({ org_id: 'o' }))
    expect(admitted.claims).toEqual({
      org_id: 'o',
      email: 'a@example.com',
      email_verified: true,
      groups: ['ads'],
    })
    const again = createAccessPolicy({
      rules: { allowedEmailDomains: ['example.com'], requiredClaim: { name: 'groups', value: 'ads' } },
    })
    await expect(again.admit({ sub: 'u-1', claims: admitted.claims ?? {} })).resolves.toMatchObject({
      email: 'a@example.com',
    })
  })

  it('refuses a subject who is no longer a member before anything else, and takes the role', async () => {
    const policy = createAccessPolicy({
      rules: NO_RULES,
      member: async (sub) =>
        sub === 'stays' ? { role: 'admin', signedOutBefore: null, keptSession: null } : undefined,
    })
    expect(await refusal(policy.admit(identity({}, 'left')))).toBe(ACCESS_DENIED.removed)
    await expect(policy.admit(identity({}, 'stays'))).resolves.toEqual({
      sub: 'stays',
      role: 'admin',
      claims: {},
    })
  })

  it('answers 401 for a token issued before the member signed out their other sessions, not for the kept one', async () => {
    const policy = createAccessPolicy({
      rules: NO_RULES,
      member: async () => ({ role: 'member', signedOutBefore: 2_000_000_000_000, keptSession: 'kept' }),
    })
    const error = await policy.admit(identity({ iat: 1_999_999_999 })).catch((e: AppError) => e)
    expect((error as AppError).status).toBe(401)
    await expect(policy.admit(identity({ iat: 2_000_000_000 }))).resolves.toMatchObject({ role: 'member' })
    const kept = identity({ iat: 1_999_999_999, session_uid: 'kept' })
    await expect(policy.admit(kept)).resolves.toMatchObject({ session: 'kept' })
    const other = identity({ iat: 1_999_999_999, session_uid: 'other' })
    expect(((await policy.admit(other).catch((e: AppError) => e)) as AppError).status).toBe(401)
  })

  it('makes the verified ADMIN_EMAIL of an external provider its admin', async () => {
    const policy = createAccessPolicy({ rules: NO_RULES, adminEmail: 'lead@example.com' })
    const verified = { email: 'Lead@Example.com', email_verified: true }
    expect((await policy.admit(identity(verified))).role).toBe('admin')
    expect((await policy.admit(identity({ ...verified, email_verified: false }))).role).toBe('member')
  })
})
