// Upload through a signed URL and preview asset serving, each against a bare node:http server
// doing the same job, both in child processes, measured in the same run.
import { type BenchServer, loadTest, putBytes, startChild } from './child.ts'
import type { Figure } from './measure.ts'

const MB = 1024 * 1024

async function uploadFigures(ours: BenchServer, bare: BenchServer, megabytes: number): Promise<Figure[]> {
  const bytes = megabytes * MB
  // One warm-up each, then the measured runs.
  await putBytes(`${bare.origin}/`, 4 * MB)
  await putBytes(ours.origin + (await ours.get('/__bench/signed')), 4 * MB)
  await bare.get('/__bench/peak')
  await ours.get('/__bench/peak')
  const runs = megabytes >= 100 ? 1 : 3
  let oursSeconds = 0
  let bareSeconds = 0
  for (let i = 0; i < runs; i++) {
    bareSeconds += await putBytes(`${bare.origin}/`, bytes)
    oursSeconds += await putBytes(ours.origin + (await ours.get('/__bench/signed')), bytes)
  }
  const oursPeak = Number(await ours.get('/__bench/peak')) / MB
  const barePeak = Number(await bare.get('/__bench/peak')) / MB
  return [
    {
      name: `upload ${megabytes} MB through a signed URL`,
      value: (megabytes * runs) / oursSeconds,
      unit: 'MB/s',
      baseline: (megabytes * runs) / bareSeconds,
      baselineName: 'bare node:http to disk',
      lowerIsBetter: false,
    },
    {
      name: `server memory growth during the ${megabytes} MB uploads`,
      value: Math.max(oursPeak, 0.1),
      unit: 'MB',
      baseline: Math.max(barePeak, 0.1),
      baselineName: 'bare node:http',
      lowerIsBetter: true,
    },
  ]
}

export async function benchServing(): Promise<Figure[]> {
  const ours = await startChild('ours')
  const bare = await startChild('bare')
  try {
    const figures = [...(await uploadFigures(ours, bare, 10)), ...(await uploadFigures(ours, bare, 500))]
    const assetPath = await ours.get('/__bench/preview')
    await loadTest(ours.origin + assetPath, 2000, 64)
    await loadTest(`${bare.origin}/asset.js`, 2000, 64)
    const bareRps = await loadTest(`${bare.origin}/asset.js`, 20_000, 64)
    const oursRps = await loadTest(ours.origin + assetPath, 20_000, 64)
    figures.push({
      name: 'preview asset 20 KB, 64 connections',
      value: oursRps,
      unit: 'req/s',
      baseline: bareRps,
      baselineName: 'bare node:http static',
      lowerIsBetter: false,
    })
    return figures
  } finally {
    ours.stop()
    bare.stop()
  }
}
