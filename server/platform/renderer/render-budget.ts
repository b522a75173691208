// A render's time budget: spent after `budgetMs` of wall-clock time, plus the time the browser
// yielded the CPU to requests meanwhile (an honest creative starved by our own server's load is
// not its fault), but never after `capMs`, so a creative that spins while the server stays busy
// holds its renderer and its job for a bounded time.
import { performance } from 'node:perf_hooks'

export interface RenderBudgetOptions {
  budgetMs: number
  capMs: number
  onSpent: () => void
  /** Milliseconds since some origin (performance.now in the product; a test's own clock). */
  now?: () => number
  schedule?: (run: () => void, ms: number) => { cancel(): void }
}

const timers = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms)
  return { cancel: () => clearTimeout(timer) }
}

export function startRenderBudget(options: RenderBudgetOptions) {
  const now = options.now ?? (() => performance.now())
  const schedule = options.schedule ?? timers
  const started = now()
  let yieldedMs = 0
  let timer = schedule(check, options.budgetMs)
  function check(): void {
    const elapsed = now() - started
    const due = Math.min(options.budgetMs + yieldedMs, options.capMs)
    if (elapsed >= due) options.onSpent()
    else timer = schedule(check, due - elapsed)
  }
  return {
    /** The browser yielded for `ms` more: the budget waits as long (up to the cap). */
    yielded(ms: number): void {
      yieldedMs += ms
    },
    stop(): void {
      timer.cancel()
    },
  }
}
