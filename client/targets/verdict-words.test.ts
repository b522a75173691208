import { describe, expect, it } from 'vitest'
import { badgeText, VERDICT_WORDS, verdictIcon } from './verdict-words.ts'

const badge = (verdict: 'pass' | 'fail', targets: number, failing: string[] = []) => ({
  verdict,
  failing,
  warning: [],
  targets,
  audit: 'none' as const,
})

describe('the words of a verdict', () => {
  it('counts only the targets that judge the kind, and says when none does', () => {
    expect(badgeText(badge('pass', 3))).toBe('Passes 3 targets')
    expect(badgeText(badge('fail', 7, ['AppLovin']))).toBe('Fails 1 of 7 targets')
    expect(badgeText(badge('pass', 0))).toBe('No target for this kind')
  })

  it('says "Not for this kind", never "Fails", for a target that does not serve the kind', () => {
    expect(VERDICT_WORDS['not-for-kind']).toBe('Not for this kind')
    expect(verdictIcon('not-for-kind')).toBe('unknown')
  })
})
