// `npm run bench`: every figure beside a baseline measured in the same run, as a ratio; the
// table is printed and written to bench/results/latest.md. Not part of `npm test`.
import fs from 'node:fs'
import os from 'node:os'
import { benchAccessPolicy } from './access-policy.ts'
import { benchAudit } from './audit.ts'
import { benchBinaryStart } from './binary-start.ts'
import { benchBrowser } from './browser.ts'
import { benchCheck } from './check.ts'
import { benchClientBundle } from './client-bundle.ts'
import { benchClusterServing } from './cluster-serving.ts'
import { benchInspection } from './inspection.ts'
import { benchLargeEntry } from './large-entry.ts'
import { benchListing } from './listing.ts'
import { benchLiveSession } from './live-session.ts'
import { advantage, type Figure } from './measure.ts'
import { benchMixedLoad } from './mixed-load.ts'
import { benchObjectStorage } from './object-storage.ts'
import { benchRenderer } from './renderer.ts'
import { benchServing } from './serving.ts'

/** Every bench by name, in the order a whole run takes them. */
const BENCHES: Record<string, () => Promise<Figure[]>> = {
  serving: benchServing,
  'large-entry': benchLargeEntry,
  inspection: benchInspection,
  check: benchCheck,
  listing: benchListing,
  'client-bundle': benchClientBundle,
  browser: benchBrowser,
  renderer: benchRenderer,
  'binary-start': benchBinaryStart,
  'access-policy': benchAccessPolicy,
  audit: benchAudit,
  'object-storage': benchObjectStorage,
  'cluster-serving': benchClusterServing,
  'live-session': benchLiveSession,
  'mixed-load': benchMixedLoad,
}

// `npm run bench -- mixed-load cluster-serving` runs those alone (into bench/results/partial.md).
const chosen = process.argv.slice(2)
const unknown = chosen.filter((name) => !(name in BENCHES))
if (unknown.length > 0) {
  console.error(`unknown bench ${unknown.join(', ')}; the benches: ${Object.keys(BENCHES).join(', ')}`)
  process.exit(2)
}
const figures: Figure[] = []
const failed: string[] = []
for (const [name, bench] of Object.entries(BENCHES)) {
  if (chosen.length > 0 && !chosen.includes(name)) continue
  const started = performance.now()
  try {
    figures.push(...(await bench()))
  } catch (error) {
    // One bench that fails (a timeout on a machine under load) leaves the others' figures.
    failed.push(name)
    console.error(`${name} failed:`, error)
  }
  console.error(`${name}: ${((performance.now() - started) / 1000).toFixed(0)} s`)
}

const rows = figures.map((f) => {
  const ratio = advantage(f)
  const value = f.shown ?? `${f.value.toFixed(1)} ${f.unit}`
  const baseline = f.baselineShown ?? `${f.baseline.toFixed(1)} ${f.unit}`
  const compared = f.ratioShown ?? `${ratio.toFixed(2)}x ${ratio >= 1 ? 'better' : 'worse'}`
  return `| ${f.name} | ${value} | ${f.baselineName}: ${baseline} | ${compared} |`
})
const table = [
  `Measured ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average at the end ${os.loadavg()[0]!.toFixed(1)}`,
  '',
  '| figure | ours | baseline (same run) | ratio |',
  '|---|---|---|---|',
  ...rows,
  ...(failed.length > 0 ? ['', `Not measured (failed, see the output): ${failed.join(', ')}`] : []),
].join('\n')
console.log(table)
fs.mkdirSync('bench/results', { recursive: true })
fs.writeFileSync(`bench/results/${chosen.length > 0 ? 'partial' : 'latest'}.md`, `${table}\n`)
if (failed.length > 0) process.exitCode = 1
