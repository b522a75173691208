export interface Figure {
  name: string
  value: number
  unit: string
  baseline: number
  baselineName: string
  lowerIsBetter: boolean
  /** How the table shows the value, the baseline and the ratio when one number does not say it (p50 / p99). */
  shown?: string
  baselineShown?: string
  ratioShown?: string
}

export async function timeRuns(runs: number, run: () => Promise<void> | void): Promise<number[]> {
  const times: number[] = []
  await run() // warm-up
  for (let i = 0; i < runs; i++) {
    const started = performance.now()
    await run()
    times.push(performance.now() - started)
  }
  return times
}

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/** How many times better than the baseline (above 1: better). */
export function advantage(figure: Figure): number {
  return figure.lowerIsBetter ? figure.baseline / figure.value : figure.value / figure.baseline
}
