import { describe, expect, it } from 'vitest'
import { startRenderBudget } from './render-budget.ts'

/** A clock and a scheduler the test moves by hand. */
function manualTime() {
  let now = 0
  let pending: { at: number; run: () => void } | undefined
  return {
    now: () => now,
    schedule: (run: () => void, ms: number) => {
      const timer = { at: now + ms, run }
      pending = timer
      return { cancel: () => (pending = pending === timer ? undefined : pending) }
    },
    advance(ms: number) {
      now += ms
      while (pending && pending.at <= now) {
        const { run } = pending
        pending = undefined
        run()
      }
    },
  }
}

describe('a render budget', () => {
  it('is spent after its budget when the browser never yielded', () => {
    const time = manualTime()
    let spent = 0
    startRenderBudget({ budgetMs: 1000, capMs: 2500, onSpent: () => spent++, ...time })
    time.advance(999)
    expect(spent).toBe(0)
    time.advance(1)
    expect(spent).toBe(1)
  })

  it('waits as long as the browser yielded to requests', () => {
    const time = manualTime()
    let spent = 0
    const budget = startRenderBudget({ budgetMs: 1000, capMs: 2500, onSpent: () => spent++, ...time })
    time.advance(500)
    budget.yielded(600)
    time.advance(1099)
    expect(spent).toBe(0)
    time.advance(1)
    expect(spent).toBe(1)
  })

  it('is spent at its cap however long the browser yielded', () => {
    const time = manualTime()
    let spent = 0
    const budget = startRenderBudget({ budgetMs: 1000, capMs: 2500, onSpent: () => spent++, ...time })
    budget.yielded(10_000)
    time.advance(2499)
    expect(spent).toBe(0)
    time.advance(1)
    expect(spent).toBe(1)
  })

  it('is never spent once stopped', () => {
    const time = manualTime()
    let spent = 0
    const budget = startRenderBudget({ budgetMs: 1000, capMs: 2500, onSpent: () => spent++, ...time })
    budget.stop()
    time.advance(5000)
    expect(spent).toBe(0)
  })
})
