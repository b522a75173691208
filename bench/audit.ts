// The runtime audit's time per package over the real creatives of ../shared/corpus, as the
// product runs it (queued by create, taken by the job runner, Chromium through the product's own
// previews): from the audit's start to its figures stored, against the window it watches the
// creative untouched (AUDIT_SECONDS; BENCH_AUDIT_SECONDS to shorten a run).
import fs from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { findChromium } from '../server/renderer/chromium.ts'
import type { AuditRecord } from '../shared/targets/types.ts'
import { createTestApp, uploadPackage } from '../tests/helpers/test-app.ts'
import { type Figure, median } from './measure.ts'

const CORPUS = path.resolve(import.meta.dirname, '../../shared/corpus/real')

export async function benchAudit(): Promise<Figure[]> {
  const chromiumPath = findChromium(process.env.CHROMIUM_PATH)
  if (!chromiumPath || !fs.existsSync(CORPUS)) {
    console.log('runtime audit figures skipped: they need Chromium and ../shared/corpus')
    return []
  }
  const windowSeconds = Number(process.env.BENCH_AUDIT_SECONDS ?? 30)
  const t = await createTestApp({ CHROMIUM_PATH: chromiumPath, AUDIT_SECONDS: String(windowSeconds) })
  const seconds: number[] = []
  try {
    await t.listen()
    const { packages } = t.db.tables
    for (const file of fs.readdirSync(CORPUS).filter((name) => name.endsWith('.zip'))) {
      const zip = new Uint8Array(fs.readFileSync(path.join(CORPUS, file)))
      const { step, uuid } = await uploadPackage(t, file, zip)
      if (step !== 'create') continue
      let audit: AuditRecord | undefined
      const deadline = Date.now() + (windowSeconds + 120) * 1000
      while (Date.now() < deadline) {
        const [row] = await t.db.orm
          .select({ audit: packages.audit })
          .from(packages)
          .where(eq(packages.uuid, uuid!))
        audit = row?.audit as AuditRecord | undefined
        if (audit?.state === 'done' || audit?.state === 'failed') break
        await new Promise((resolve) => setTimeout(resolve, 250))
      }
      if (audit?.finishedAt && audit.startedAt) {
        const taken = (audit.finishedAt - audit.startedAt) / 1000
        seconds.push(taken)
        console.log(`audit of ${file}: ${audit.state} in ${taken.toFixed(1)} s`)
      }
    }
  } finally {
    await t.cleanup()
  }
  return [
    {
      name: `runtime audit per package, median over ${seconds.length} corpus creatives (s)`,
      value: median(seconds),
      unit: 's',
      baseline: windowSeconds,
      baselineName: 'the window it watches untouched',
      lowerIsBetter: true,
    },
  ]
}
