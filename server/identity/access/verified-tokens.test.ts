import { describe, expect, it } from 'vitest'
import { keepVerifiedTokens } from './verified-tokens.ts'

/** A verifier that counts its calls: tokens named `exp:<seconds>` expire then; `bad` fails. */
function countingVerifier() {
  const calls: string[] = []
  const verify = async (token: string) => {
    calls.push(token)
    if (token === 'bad') throw new Error('bad signature')
    return { sub: 'ada', claims: { exp: Number(token.split(':')[1]) }, accessToken: token }
  }
  return { calls, verify }
}

describe('verified access tokens, kept', () => {
  it('checks a token once while it is young, then again after a minute', async () => {
    let now = 1_000_000
    const { calls, verify } = countingVerifier()
    const kept = keepVerifiedTokens(verify, { leewaySeconds: 0, now: () => now })
    const token = 'exp:10000'
    await kept(token)
    await kept(token)
    now += 59_999
    await kept(token)
    expect(calls).toEqual([token])
    now += 1
    await kept(token)
    expect(calls).toEqual([token, token])
  })

  it('checks an expired token again (past its leeway), so the verifier refuses it', async () => {
    let now = 9_000_000
    const { calls, verify } = countingVerifier()
    const kept = keepVerifiedTokens(
      async (token) => {
        const identity = await verify(token)
        if (now >= Number(identity.claims.exp) * 1000 + 5000) throw new Error('expired')
        return identity
      },
      { leewaySeconds: 5, now: () => now },
    )
    await kept('exp:9010')
    now = 9_014_999
    await kept('exp:9010')
    expect(calls).toHaveLength(1)
    now = 9_015_000
    await expect(kept('exp:9010')).rejects.toThrow('expired')
  })

  it('keeps nothing that failed', async () => {
    const { calls, verify } = countingVerifier()
    const kept = keepVerifiedTokens(verify, { leewaySeconds: 0, now: () => 0 })
    await expect(kept('bad')).rejects.toThrow('bad signature')
    await expect(kept('bad')).rejects.toThrow('bad signature')
    expect(calls).toEqual(['bad', 'bad'])
  })

  it('keeps at most a thousand tokens, forgetting the least recently used', async () => {
    const { calls, verify } = countingVerifier()
    const kept = keepVerifiedTokens(verify, { leewaySeconds: 0, now: () => 0 })
    await kept('exp:1:first')
    for (let i = 0; i < 999; i++) await kept(`exp:1:${i}`)
    await kept('exp:1:first')
    await kept('exp:1:one-more')
    await kept('exp:1:first')
    expect(calls.filter((token) => token === 'exp:1:first')).toHaveLength(1)
    await kept('exp:1:0')
    expect(calls.filter((token) => token === 'exp:1:0')).toHaveLength(2)
  })
})
