// How many further jobs of this process run at once, beyond one of each kind (job-runner.ts). A
// freed slot goes to the waiting kind that runs the fewest jobs now (the oldest waiter among
// equals), so that one kind's extra loops do not keep every slot to themselves. The choice is made on the next turn of the event loop, once the loop that freed
// the slot has had the chance to ask again.
export function createJobSlots(count: number) {
  let free = Math.max(1, count)
  const running = new Map<string, number>()
  const waiting: { kind: string; resolve: () => void }[] = []
  let handingOff = false
  const runningOf = (kind: string) => running.get(kind) ?? 0
  const start = (kind: string) => running.set(kind, runningOf(kind) + 1)

  function handOff(): void {
    handingOff = false
    while (free > 0 && waiting.length > 0) {
      let chosen = 0
      waiting.forEach((waiter, at) => {
        if (runningOf(waiter.kind) < runningOf(waiting[chosen]!.kind)) chosen = at
      })
      const [next] = waiting.splice(chosen, 1)
      free--
      start(next!.kind)
      next!.resolve()
    }
  }
  const handOffSoon = () => {
    if (handingOff) return
    handingOff = true
    setImmediate(handOff)
  }

  return {
    /** Resolves once a job of `kind` may run. */
    async take(kind: string): Promise<void> {
      if (free > 0 && waiting.length === 0) {
        free--
        start(kind)
        return
      }
      await new Promise<void>((resolve) => {
        waiting.push({ kind, resolve })
        handOffSoon()
      })
    },
    give(kind: string): void {
      running.set(kind, runningOf(kind) - 1)
      free++
      handOffSoon()
    },
    /** Lets every waiter go (the runner is stopping: they take no job). */
    releaseAll(): void {
      for (const waiter of waiting.splice(0)) waiter.resolve()
    },
  }
}
