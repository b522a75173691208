// The review page's password form shows what an unlock call's error says: a 429 from the guessing
// bound reaches it as the server's own message, and no key is kept.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ReviewCallError, savedKey, unlockReview } from './review-api.ts'

const kept = new Map<string, string>()

afterEach(() => {
  vi.unstubAllGlobals()
  kept.clear()
})

describe('unlockReview', () => {
  it("rejects with the server's message and keeps no key when the guessing bound answers 429", async () => {
    const message = 'Too many password attempts for now: wait a few minutes and try again.'
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => kept.get(key) ?? null,
      setItem: (key: string, value: string) => kept.set(key, value),
    })
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ message }), { status: 429 }))
    const refused = unlockReview('s'.repeat(43), 'guess')
    await expect(refused).rejects.toBeInstanceOf(ReviewCallError)
    await expect(refused).rejects.toMatchObject({ status: 429, message })
    expect(savedKey('s'.repeat(43))).toBeUndefined()
  })
})
