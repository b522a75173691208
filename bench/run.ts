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
import { benchObjectStorage } from './object-storage.ts'
import { benchRenderer } from './renderer.ts'
import { benchServing } from './serving.ts'

const figures: Figure[] = [
  ...(await benchServing()),
  ...(await benchLargeEntry()),
  ...(await benchInspection()),
  ...(await benchCheck()),
  ...(await benchListing()),
  ...(await benchClientBundle()),
  ...(await benchBrowser()),
  ...(await benchRenderer()),
  ...(await benchBinaryStart()),
  ...(await benchAccessPolicy()),
  ...(await benchAudit()),
  ...(await benchObjectStorage()),
  ...(await benchClusterServing()),
  ...(await benchLiveSession()),
]

const rows = figures.map((f) => {
  const ratio = advantage(f)
  return `| ${f.name} | ${f.value.toFixed(1)} ${f.unit} | ${f.baselineName}: ${f.baseline.toFixed(1)} ${f.unit} | ${ratio.toFixed(2)}x ${ratio >= 1 ? 'better' : 'worse'} |`
})
const table = [
  `Measured ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`,
  '',
  '| figure | ours | baseline (same run) | ratio |',
  '|---|---|---|---|',
  ...rows,
].join('\n')
console.log(table)
fs.mkdirSync('bench/results', { recursive: true })
fs.writeFileSync('bench/results/latest.md', `${table}\n`)
