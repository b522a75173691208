// Mixed load: virtual users each looping a team's day (bench/virtual-team.ts) against the real
// product in a child process, while /health is asked every 250 ms from a thread of its own (on
// the generator's thread each probe would wait behind the users' own work), with the load
// generator on the same cores. Each user count runs twice in the same run: with background work
// (Chromium present: a thumbnail and a runtime audit for every package created) and, as the
// baseline, without it (CHROMIUM_PATH pointing nowhere; the validation processes run in both).
// Reported per run: packages created per second, each step's p50/p99, /health's p50/p99, errors,
// packages lost (a create answered 201 but the package is not in the list afterwards), how much
// background work was done by the end, the generator's own event-loop delay and peak resident
// memory (the server process, and with its children: validation processes, Chromium).
// BENCH_MIXED_USERS (default "16,64") and BENCH_MIXED_SECONDS (default 60) narrow it. 60 s, not
// 20: /health's p99 over 80 probes was the single worst one (53 and 111 ms in two quiet runs of
// the same build); over 240 it is the third worst.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { findChromium } from '../server/platform/renderer/chromium.ts'
import { VALID_INDEX_HTML, zipOf } from '../tests/fixtures/packages.ts'
import { implicitAccessToken } from '../tests/helpers/oidc-http.ts'
import { type ProductProcess, startProductProcess } from '../tests/helpers/product-process.ts'
import { startHealthProber } from './health-prober.ts'
import type { Figure } from './measure.ts'
import { percentile } from './measure.ts'
import { emptyRecord, runVirtualUser, STEPS, type TeamRecord } from './virtual-team.ts'

const EMAIL = 'load@example.com'
const PASSWORD = 'load-password-1'
const HEALTH_EVERY_MS = 250
const WARM_UP_MS = 3000
/** How long the users' last loops may take to end once the time is up. */
const DRAIN_MS = 30_000

interface LoadRun {
  seconds: number
  record: TeamRecord
  health: number[]
  healthErrors: number
  /** The load generator's own event-loop delay, p99 in milliseconds. */
  generatorDelayP99: number
  lost: number
  /** Packages whose thumbnail was drawn by the end of the run. */
  rendered: number
  /** Renders stopped by their time budget (each an honest creative here). */
  rendersStopped: number
  serverPeakMb: number
  treePeakMb: number
}

/** Resident memory of a process and of it with all its descendants, in bytes (Linux /proc). */
function residentBytes(root: number): { own: number; tree: number } {
  const parents = new Map<number, number>()
  for (const id of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // Field 4 of stat is the parent; the name (field 2) may hold spaces, so count from its end.
      const stat = fs.readFileSync(`/proc/${id}/stat`, 'utf8')
      parents.set(Number(id), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]))
    } catch {
      // Gone meanwhile.
    }
  }
  const inTree = (pid: number): boolean => pid === root || (pid > 1 && inTree(parents.get(pid) ?? 0))
  const rss = (pid: number) => {
    try {
      return (
        Number(/^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024
      )
    } catch {
      return 0
    }
  }
  let tree = 0
  for (const pid of parents.keys()) if (inTree(pid)) tree += rss(pid)
  return { own: rss(root), tree }
}

async function runLoad(
  users: number,
  background: boolean,
  seconds: number,
  creative: Uint8Array,
): Promise<LoadRun> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-mixed-'))
  let product: ProductProcess | undefined
  try {
    product = await startProductProcess({
      timeoutMs: 90_000,
      env: (port) => ({
        DATA_DIR: dataDir,
        PUBLIC_URL: `http://localhost:${port}`,
        ADMIN_EMAIL: EMAIL,
        ADMIN_PASSWORD: PASSWORD,
        CHROMIUM_PATH: background ? (findChromium(process.env.CHROMIUM_PATH) ?? '') : '/nonexistent',
        LOG_REQUESTS: '0',
        // The users share one account here, where a team would have one each: its cap on
        // unfinished uploads (20) is per person.
        MAX_PENDING_UPLOADS: '10000',
      }),
    })
    const { base } = product
    const pid = product.child.pid!
    const token = await implicitAccessToken(base, EMAIL, PASSWORD)
    const record = emptyRecord()
    let serverPeak = 0
    let treePeak = 0
    const controller = new AbortController()
    const started = performance.now()
    const measureFrom = started + WARM_UP_MS
    const until = measureFrom + seconds * 1000
    const prober = startHealthProber(`${base}/health`, HEALTH_EVERY_MS, measureFrom)
    const sampler = setInterval(() => {
      const memory = residentBytes(pid)
      serverPeak = Math.max(serverPeak, memory.own)
      treePeak = Math.max(treePeak, memory.tree)
    }, HEALTH_EVERY_MS)
    // The generator's own backlog: a step's time includes it, so it is shown beside them.
    const generatorDelay = monitorEventLoopDelay({ resolution: 10 })
    setTimeout(() => generatorDelay.enable(), WARM_UP_MS)
    const team = Array.from({ length: users }, (_, index) =>
      runVirtualUser({
        base,
        token,
        creative,
        measureFrom,
        until,
        signal: controller.signal,
        record,
        name: `user-${index}`,
      }),
    )
    const drained = setTimeout(() => controller.abort(), until - performance.now() + DRAIN_MS)
    await Promise.all(team)
    clearTimeout(drained)
    clearInterval(sampler)
    generatorDelay.disable()
    const health = await prober.stop()
    const measuredSeconds = (Math.min(performance.now(), until) - measureFrom) / 1000
    // Nothing lost: every package a create answered for is in the list.
    const listed = (await (
      await fetch(`${base}/api/packages`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      packages: { uuid: string; preview_url: { rendered: boolean } }[]
    }
    const uuids = new Set(listed.packages.map((pkg) => pkg.uuid))
    return {
      seconds: measuredSeconds,
      record,
      health: health.times,
      healthErrors: health.errors,
      generatorDelayP99: generatorDelay.percentile(99) / 1e6,
      lost: record.createdUuids.filter((uuid) => !uuids.has(uuid)).length,
      rendered: listed.packages.filter((pkg) => pkg.preview_url.rendered).length,
      // A render starved past its budget would leave an honest creative without its thumbnail.
      rendersStopped: product
        .output()
        .split('\n')
        .filter((line) => line.includes('"why":"time"')).length,
      serverPeakMb: serverPeak / 1024 / 1024,
      treePeakMb: treePeak / 1024 / 1024,
    }
  } finally {
    await product?.stop()
    product?.killAll()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

const ms = (values: number[]) =>
  `${percentile(values, 50).toFixed(0)} / ${percentile(values, 99).toFixed(0)} ms`
const ratio = (on: number, off: number) => (on > 0 ? off / on : Number.NaN)

function figuresOf(users: number, on: LoadRun, off: LoadRun): Figure[] {
  const label = `mixed load, ${users} users`
  const baselineName = 'background work off (no Chromium), same run'
  const throughput = (run: LoadRun) => run.record.created / run.seconds
  const errors = (run: LoadRun) => run.record.errors.length + run.healthErrors
  const pair = (name: string, onValues: number[], offValues: number[]): Figure => ({
    name: `${label}: ${name} p50 / p99`,
    value: percentile(onValues, 99),
    unit: 'ms',
    baseline: percentile(offValues, 99),
    baselineName,
    lowerIsBetter: true,
    shown: ms(onValues),
    baselineShown: ms(offValues),
    ratioShown: `${ratio(percentile(onValues, 50), percentile(offValues, 50)).toFixed(2)}x / ${ratio(percentile(onValues, 99), percentile(offValues, 99)).toFixed(2)}x`,
  })
  return [
    {
      name: `${label}, background work on (thumbnails, runtime audits): packages created per second`,
      value: throughput(on),
      unit: 'packages/s',
      baseline: throughput(off),
      baselineName,
      lowerIsBetter: false,
    },
    pair('/health every 250 ms', on.health, off.health),
    ...STEPS.map((step) => pair(step, on.record.times[step], off.record.times[step])),
    {
      name: `${label}: errors (failed steps and health checks) / packages lost`,
      value: errors(on) + on.lost,
      unit: '',
      baseline: errors(off) + off.lost,
      baselineName,
      lowerIsBetter: true,
      shown: `${errors(on)} / ${on.lost}`,
      baselineShown: `${errors(off)} / ${off.lost}`,
      ratioShown: `on: ${describeErrors(on)}; off: ${describeErrors(off)}`,
    },
    {
      name: `${label}: background work by the end: thumbnails drawn / packages created, renders stopped by their time budget`,
      value: on.rendersStopped,
      unit: '',
      baseline: 0,
      baselineName: 'none expected (every creative here is honest)',
      lowerIsBetter: true,
      shown: `${on.rendered} / ${on.record.createdUuids.length}, ${on.rendersStopped} stopped`,
      baselineShown: '0 stopped',
      ratioShown: '',
    },
    {
      name: `${label}: the load generator's own event-loop delay p99 (inside each step's time; /health is asked from a thread of its own)`,
      value: on.generatorDelayP99,
      unit: 'ms',
      baseline: off.generatorDelayP99,
      baselineName,
      lowerIsBetter: true,
    },
    {
      name: `${label}: peak resident memory, server process / with its children`,
      value: on.treePeakMb,
      unit: 'MB',
      baseline: off.treePeakMb,
      baselineName,
      lowerIsBetter: true,
      shown: `${on.serverPeakMb.toFixed(0)} / ${on.treePeakMb.toFixed(0)} MB`,
      baselineShown: `${off.serverPeakMb.toFixed(0)} / ${off.treePeakMb.toFixed(0)} MB`,
      ratioShown: `${ratio(on.serverPeakMb, off.serverPeakMb).toFixed(2)}x / ${ratio(on.treePeakMb, off.treePeakMb).toFixed(2)}x`,
    },
  ]
}

/** The failures by step, as `create: 2 (fetch failed)`. */
function describeErrors(run: LoadRun): string {
  const counts = new Map<string, number>()
  for (const error of run.record.errors) {
    const key = `${error.step}: ${error.reason.slice(0, 40)}`
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  if (run.healthErrors) counts.set('/health', run.healthErrors)
  if (run.lost) counts.set('lost', run.lost)
  if (counts.size === 0) return 'none'
  return [...counts].map(([key, count]) => `${count}× ${key.replaceAll('|', '/')}`).join(', ')
}

export async function benchMixedLoad(): Promise<Figure[]> {
  const userCounts = (process.env.BENCH_MIXED_USERS ?? '16,64').split(',').map(Number)
  const seconds = Number(process.env.BENCH_MIXED_SECONDS ?? 60)
  if (!findChromium(process.env.CHROMIUM_PATH)) {
    console.log('mixed load not measured: no Chromium, so no background work to compare')
    return []
  }
  // 1 MB that does not compress, beside a valid MRAID entry: the size of a small display creative.
  const creative = zipOf({
    'index.html': VALID_INDEX_HTML,
    'ad.js': "mraid.addEventListener('ready', function () { document.body.dataset.ready = '1' })",
    'banner.bin': randomBytes(1024 * 1024 - 800),
  })
  const figures: Figure[] = []
  for (const users of userCounts) {
    const off = await runLoad(users, false, seconds, creative)
    const on = await runLoad(users, true, seconds, creative)
    figures.push(...figuresOf(users, on, off))
  }
  return figures
}
