// What the access policy costs per API request (paid on every call, so it must stay small): the
// bearer check alone (RS256 verification, issuer, audience, times) against the same check followed
// by the policy, as the server runs it: an external provider's three rules with every claim in the
// token; the embedded provider's member check, remembered and not; and a person's first request
// when the token has no email and userinfo is asked, over HTTP to a provider on this machine.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createAccessPolicy, type Identity } from '../server/identity/access/access-policy.ts'
import { createAccessTokenVerifier } from '../server/identity/access/bearer.ts'
import { createUserinfoLookup } from '../server/identity/access/userinfo.ts'
import { keepVerifiedTokens } from '../server/identity/access/verified-tokens.ts'
import { createMemberCheck } from '../server/identity/provider/member-check.ts'
import { addUser } from '../server/identity/provider/users.ts'
import { parseConfig } from '../server/parse-config.ts'
import { openDatabase } from '../server/platform/db/open-database.ts'
import { EXTERNAL_AUDIENCE, startExternalIssuer } from '../tests/helpers/external-issuer.ts'
import { type Figure, median } from './measure.ts'

const CALLS = 2_000
const BATCHES = 7

type Variant = { calls: number; call: (i: number) => Promise<unknown> }

/**
 * Median microseconds per call of each variant, over BATCHES batches taken in turn (A B C A B C
 * ...), so that load from elsewhere on the machine falls on all of them alike.
 */
async function perCall(variants: Variant[]): Promise<number[]> {
  const batch = async ({ calls, call }: Variant) => {
    const started = performance.now()
    for (let i = 0; i < calls; i++) await call(i)
    return ((performance.now() - started) * 1000) / calls
  }
  for (const variant of variants) await batch(variant)
  const times: number[][] = variants.map(() => [])
  for (let b = 0; b < BATCHES; b++) {
    // Each round starts with another variant, so none always follows the same one.
    for (let k = 0; k < variants.length; k++) {
      const index = (b + k) % variants.length
      times[index]!.push(await batch(variants[index]!))
    }
  }
  return times.map(median)
}

export async function benchAccessPolicy(): Promise<Figure[]> {
  const issuer = await startExternalIssuer()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-policy-'))
  const db = await openDatabase(parseConfig({ DATA_DIR: dir }))
  try {
    const keys = await fetch(`${issuer.issuer}.well-known/jwks.json`).then((r) => r.json())
    const { createLocalJWKSet } = await import('jose')
    const verify = createAccessTokenVerifier({
      issuer: issuer.issuer,
      audience: EXTERNAL_AUDIENCE,
      leewaySeconds: 60,
      keys: createLocalJWKSet(keys),
    })
    const member = await addUser(db, 'bench@example.com', 'bench-password-1')
    const claims = {
      org_id: 'org_mine',
      email: 'bench@example.com',
      email_verified: true,
      groups: ['staff', 'ads-preview'],
    }
    const token = await issuer.accessToken({ sub: member.id, ...claims })
    const rules = {
      organization: 'org_mine',
      allowedEmailDomains: ['example.com', 'example.org'],
      requiredClaim: { name: 'groups', value: 'ads-preview' },
    }
    const external = createAccessPolicy({ rules })
    const members = createMemberCheck(db)
    const embedded = createAccessPolicy({ rules: { allowedEmailDomains: [] }, member: members.standing })
    const uncached = createAccessPolicy({
      rules: { allowedEmailDomains: [] },
      member: async (sub) => {
        members.forget(sub)
        return members.standing(sub)
      },
    })

    // A person's first request without an email in the token: userinfo over HTTP, then cached.
    const { email: _e, email_verified: _v, ...withoutEmail } = claims
    const firstRequests: Identity[] = []
    for (let i = 0; i < 200; i++) {
      const sub = `first-${i}`
      issuer.setProfile(sub, { email: `p${i}@example.com`, email_verified: true })
      firstRequests.push(await verify(await issuer.accessToken({ sub, ...withoutEmail })))
    }
    const userinfoPolicy = () =>
      createAccessPolicy({
        rules,
        userinfo: createUserinfoLookup({ endpoint: `${issuer.issuer}userinfo` }),
      })
    let firstPolicy = userinfoPolicy()
    const identity = await verify(token)
    const kept = keepVerifiedTokens(verify, { leewaySeconds: 60 })
    const [bearerAlone, keptBearer, withRules, rulesAlone, memberAlone, lookupAlone, firstCall] =
      await perCall([
        { calls: CALLS, call: () => verify(token) },
        { calls: CALLS, call: () => kept(token) },
        { calls: CALLS, call: async () => external.admit(await verify(token)) },
        { calls: CALLS, call: () => external.admit(identity) },
        { calls: CALLS, call: () => embedded.admit(identity) },
        { calls: CALLS, call: () => uncached.admit(identity) },
        {
          calls: firstRequests.length,
          call: (i) => {
            // A new cache each batch: every call is somebody's first.
            if (i === 0) firstPolicy = userinfoPolicy()
            return firstPolicy.admit(firstRequests[i]!)
          },
        },
      ])

    const figure = (name: string, value: number): Figure => ({
      name,
      value,
      unit: 'µs',
      baseline: bearerAlone!,
      baselineName: 'bearer check alone (RS256, iss, aud, exp)',
      lowerIsBetter: true,
    })
    return [
      figure(
        'the bearer check as the server runs it: a token verified in the last minute, kept',
        keptBearer!,
      ),
      figure('bearer check + policy (organisation, email domain, claim), per request', withRules!),
      figure('the policy alone: organisation, email domain, claim in the token', rulesAlone!),
      figure('the policy alone: embedded member, remembered 30 s', memberAlone!),
      figure('the policy alone: embedded member, looked up in SQLite', lookupAlone!),
      figure("the policy alone: a person's first request, email from userinfo (HTTP, local)", firstCall!),
    ]
  } finally {
    await db.close()
    await issuer.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}
