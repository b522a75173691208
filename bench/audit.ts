// The runtime audit over the real creatives of ../shared/corpus, as the product runs it (queued by
// create, taken by the job runner, Chromium through the product's own previews), in the window
// it watches each creative untouched (AUDIT_SECONDS; BENCH_AUDIT_SECONDS to shorten a run):
// its time per package, and how many packages an hour one process audits at AUDIT_CONCURRENCY
// (its default; BENCH_AUDIT_CONCURRENCY=2,4 to try others) against one at a time, in this run.
import fs from 'node:fs'
import path from 'node:path'
import { inArray } from 'drizzle-orm'
import { parseConfig } from '../server/parse-config.ts'
import { findChromium } from '../server/platform/renderer/chromium.ts'
import type { AuditRecord } from '../shared/targets/types.ts'
import { createTestApp, uploadPackage } from '../tests/helpers/test-app.ts'
import { type Figure, median } from './measure.ts'

const CORPUS = path.resolve(import.meta.dirname, '../../shared/corpus/real')
/** Packages audited per round (BENCH_AUDIT_PACKAGES). */
const PACKAGES = Number(process.env.BENCH_AUDIT_PACKAGES ?? 8)

interface Round {
  concurrency: number
  /** Corpus creatives the spec's validation accepted (the others have no audit). */
  creatives: number
  perHour: number
  /** Seconds from an audit's start to its figures stored. */
  seconds: number[]
  /** The most audits seen running at once (from their stored start and end). */
  mostAtOnce: number
  /** Each package's audit outcome (state, stored verdicts per target, CTA, ready), to compare rounds. */
  outcomes: Map<string, string>
}

function mostAtOnce(audits: AuditRecord[]): number {
  const edges = audits.flatMap((a) => [
    { at: a.startedAt ?? 0, step: 1 },
    { at: a.finishedAt ?? 0, step: -1 },
  ])
  edges.sort((a, b) => a.at - b.at || a.step - b.step)
  let now = 0
  let most = 0
  for (const edge of edges) {
    now += edge.step
    most = Math.max(most, now)
  }
  return most
}

/** Creates every corpus creative at once, then waits for all their audits. */
async function auditCorpus(chromiumPath: string, windowSeconds: number, concurrency: number): Promise<Round> {
  const t = await createTestApp({
    CHROMIUM_PATH: chromiumPath,
    AUDIT_SECONDS: String(windowSeconds),
    AUDIT_CONCURRENCY: String(concurrency),
  })
  try {
    await t.listen()
    const { packages } = t.db.tables
    const names = new Map<string, string>()
    const accepted: string[] = []
    const upload = async (file: string, as: string) => {
      const zip = new Uint8Array(fs.readFileSync(path.join(CORPUS, file)))
      const { step, uuid } = await uploadPackage(t, as, zip)
      if (step === 'create' && uuid) names.set(uuid, as)
      return step === 'create'
    }
    for (const file of fs.readdirSync(CORPUS).filter((name) => name.endsWith('.zip'))) {
      if (await upload(file, file)) accepted.push(file)
    }
    // The corpus creatives the spec's validation accepts, again, until there are enough to see a
    // steady rate: each copy is a package of its own, audited as such.
    for (let copy = 0; accepted.length > 0 && names.size < PACKAGES; copy++) {
      const file = accepted[copy % accepted.length]!
      await upload(file, `copy-${copy}-${file}`)
    }
    const deadline = Date.now() + (names.size * (windowSeconds + 60) * 1000) / concurrency + 120_000
    let rows: { uuid: string; audit: unknown; verdicts: string | null }[] = []
    while (Date.now() < deadline) {
      rows = await t.db.orm
        .select({ uuid: packages.uuid, audit: packages.audit, verdicts: packages.targetVerdicts })
        .from(packages)
        .where(inArray(packages.uuid, [...names.keys()]))
      if (rows.every((row) => ['done', 'failed'].includes((row.audit as AuditRecord).state))) break
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    const audits = rows.map((row) => row.audit as AuditRecord).filter((a) => a.startedAt && a.finishedAt)
    const first = Math.min(...audits.map((a) => a.startedAt!))
    const last = Math.max(...audits.map((a) => a.finishedAt!))
    const outcomes = new Map(
      rows.map((row) => {
        const a = row.audit as AuditRecord
        const f = a.figures
        return [
          names.get(row.uuid)!,
          `${a.state}, verdicts ${row.verdicts}, cta ${f?.ctaCall}, ready ${f?.readyMs != null}`,
        ]
      }),
    )
    const round = {
      concurrency,
      creatives: accepted.length,
      perHour: (audits.length / (last - first)) * 3_600_000,
      seconds: audits.map((a) => (a.finishedAt! - a.startedAt!) / 1000),
      mostAtOnce: mostAtOnce(audits),
      outcomes,
    }
    console.log(
      `audit at concurrency ${concurrency}: ${audits.length} of ${names.size} creatives in ${((last - first) / 1000).toFixed(0)} s ` +
        `(${round.perHour.toFixed(0)} an hour), per package median ${median(round.seconds).toFixed(1)} s, ` +
        `at most ${round.mostAtOnce} at once`,
    )
    return round
  } finally {
    await t.cleanup()
  }
}

export async function benchAudit(): Promise<Figure[]> {
  const chromiumPath = findChromium(process.env.CHROMIUM_PATH)
  if (!chromiumPath || !fs.existsSync(CORPUS)) {
    console.log('runtime audit figures skipped: they need Chromium and ../shared/corpus')
    return []
  }
  const windowSeconds = Number(process.env.BENCH_AUDIT_SECONDS ?? 30)
  const tried = (process.env.BENCH_AUDIT_CONCURRENCY ?? String(parseConfig({}).targets.auditConcurrency))
    .split(',')
    .map(Number)
  const one = await auditCorpus(chromiumPath, windowSeconds, 1)
  const figures: Figure[] = [
    {
      name: `runtime audit per package, median over ${one.seconds.length} audits of the ${one.creatives} corpus creatives validation accepts (s)`,
      value: median(one.seconds),
      unit: 's',
      baseline: windowSeconds,
      baselineName: 'the window it watches untouched',
      lowerIsBetter: true,
    },
  ]
  for (const concurrency of tried.filter((n) => n > 1)) {
    const round = await auditCorpus(chromiumPath, windowSeconds, concurrency)
    const differ = [...one.outcomes].filter(([file, outcome]) => round.outcomes.get(file) !== outcome)
    for (const [file, outcome] of differ) {
      console.log(`  ${file}: ${outcome} alone, ${round.outcomes.get(file)} at concurrency ${concurrency}`)
    }
    figures.push(
      {
        name: `runtime audits an hour, AUDIT_CONCURRENCY=${concurrency} (${round.mostAtOnce} seen at once; ${differ.length} of ${one.outcomes.size} outcomes differ)`,
        value: round.perHour,
        unit: '/h',
        baseline: one.perHour,
        baselineName: 'one at a time',
        lowerIsBetter: false,
      },
      {
        name: `runtime audit per package at AUDIT_CONCURRENCY=${concurrency}, median (s)`,
        value: median(round.seconds),
        unit: 's',
        baseline: median(one.seconds),
        baselineName: 'one at a time',
        lowerIsBetter: true,
      },
    )
  }
  return figures
}
