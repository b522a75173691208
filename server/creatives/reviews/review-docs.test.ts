// The figures docs/review-links.md gives a sharer and a reviewer are the ones the code enforces.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { REVIEW_LIMITS, REVIEW_STANDARD_SIZES } from '../../../shared/review-choices.ts'
import { UNLOCK_FLOOD } from './unlock-review.ts'

const docs = readFileSync(new URL('../../../docs/review-links.md', import.meta.url), 'utf8').replace(
  /\s+/g,
  ' ',
)

describe('docs/review-links.md', () => {
  it('names the sizes the Share dialog offers and their bounds', () => {
    expect(docs).toContain(`add up to six of ${REVIEW_STANDARD_SIZES.join(', ')} or a custom width x height`)
    expect(REVIEW_LIMITS.sizesPerLink).toBe(6)
    const { min, max } = REVIEW_LIMITS.sizeSide
    expect(docs).toContain(`each side ${min} to ${max.toLocaleString('en')} px`)
  })

  it('gives the password bounds and the message the page shows', () => {
    expect(docs).toContain(
      `${REVIEW_LIMITS.unlocksPerAddressPer10Min} wrong passwords from an address in ten minutes and ${REVIEW_LIMITS.unlocksPerLinkPerHour} on a link in an hour`,
    )
    expect(docs).toContain(`(429: "${UNLOCK_FLOOD}"`)
  })
})
