export interface Figure {
  name: string
  value: number
  unit: string
  baseline: number
  baselineName: string
  lowerIsBetter: boolean
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

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN
}

/** How many times better than the baseline (above 1: better). */
export function advantage(figure: Figure): number {
  return figure.lowerIsBetter ? figure.baseline / figure.value : figure.value / figure.baseline
}
