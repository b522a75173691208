// Memory and responsiveness while 16 clients fetch the largest entry of a 100 MB package at
// once (the targets: growth under 64 MB, /health within 100 ms throughout), against a bare
// node:http server sending the same bytes from a plain file, both in child processes.
import { type BenchServer, loadFromChild, loadTest, startChild } from './child.ts'
import type { Figure } from './measure.ts'

const MB = 1024 * 1024
const CLIENTS = 16

/** Runs the 16 fetches while /health is asked every 20 ms; answers memory growth and /health times. */
async function underLoad(server: BenchServer, entryPath: string, healthPath: string) {
  await server.get('/__bench/peak')
  const times: number[] = []
  let loading = true
  const probe = (async () => {
    while (loading) {
      const started = performance.now()
      await server.get(healthPath)
      times.push(performance.now() - started)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  const seconds = await loadFromChild(server.origin + entryPath, CLIENTS)
  loading = false
  await probe
  const growth = Number(await server.get('/__bench/peak')) / MB
  times.sort((a, b) => a - b)
  return {
    growth,
    seconds,
    maxHealth: times.at(-1) ?? 0,
    p99Health: times[Math.floor(times.length * 0.99)] ?? 0,
  }
}

export async function benchLargeEntry(): Promise<Figure[]> {
  const ours = await startChild('ours')
  const bare = await startChild('bare')
  try {
    const [entryPath, zipSize] = (await ours.get('/__bench/large')).split(' ') as [string, string]
    // Warm-up: one fetch each (the bare server writes its file on the first).
    await loadTest(ours.origin + entryPath, 1, 1)
    await loadTest(`${bare.origin}/large.bin`, 1, 1)
    const b = await underLoad(bare, '/large.bin', '/health')
    const o = await underLoad(ours, entryPath, '/ads-preview/health')
    const what = `${CLIENTS} clients fetch the 95 MiB entry of a ${(Number(zipSize) / 1e6).toFixed(0)} MB package`
    return [
      {
        name: `${what}: server memory growth`,
        value: Math.max(o.growth, 0.1),
        unit: 'MB',
        baseline: Math.max(b.growth, 0.1),
        baselineName: 'bare node:http sending a plain file',
        lowerIsBetter: true,
      },
      {
        name: `${what}: /health, slowest answer`,
        value: o.maxHealth,
        unit: 'ms',
        baseline: b.maxHealth,
        baselineName: 'bare node:http',
        lowerIsBetter: true,
      },
      {
        name: `${what}: /health p99`,
        value: o.p99Health,
        unit: 'ms',
        baseline: b.p99Health,
        baselineName: 'bare node:http',
        lowerIsBetter: true,
      },
      {
        name: `${what}: throughput`,
        value: (CLIENTS * 95) / o.seconds,
        unit: 'MB/s',
        baseline: (CLIENTS * 95) / b.seconds,
        baselineName: 'bare node:http sending a plain file',
        lowerIsBetter: false,
      },
    ]
  } finally {
    ours.stop()
    bare.stop()
  }
}
