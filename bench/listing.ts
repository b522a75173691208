// Listing 10,000 packages through the API (bearer check, query, view, JSON) against a bare
// better-sqlite3 query serialised to JSON, on the same database in the same run.
import { sqliteConnection } from '../server/db/sqlite/open-sqlite.ts'
import { createTestApp } from '../tests/helpers/test-app.ts'
import type { Figure } from './measure.ts'

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

export async function benchListing(): Promise<Figure[]> {
  const t = await createTestApp()
  try {
    const now = Date.now()
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      uuid: crypto.randomUUID(),
      filename: `campaign-${i % 2500}.zip`,
      filenameVersion: Math.floor(i / 2500) + 1,
      fileSize: 100_000 + i,
      sha256: 'f'.repeat(64),
      blobKey: `packages/${i}.zip`,
      entry: 'index.html',
      adWidth: 300,
      adHeight: 250,
      uploadedBy: 'qa@example.com',
      createdAt: now - i * 1000,
    }))
    await t.db.write(async (tx) => {
      for (let i = 0; i < rows.length; i += 500)
        await tx.insert(t.db.tables.packages).values(rows.slice(i, i + 500))
    })
    const statement = sqliteConnection(t.db).prepare('SELECT * FROM packages ORDER BY created_at DESC')
    const runs = 60
    const ours: number[] = []
    const bare: number[] = []
    let oursBytes = 0
    let bareBytes = 0
    for (let i = 0; i < runs + 5; i++) {
      let started = performance.now()
      const response = await t.app.request('/ads-preview/api/packages', { headers: t.auth })
      const body = await response.text()
      if (i >= 5) ours.push(performance.now() - started)
      oursBytes = body.length
      started = performance.now()
      const json = JSON.stringify({ packages: statement.all() })
      if (i >= 5) bare.push(performance.now() - started)
      bareBytes = json.length
    }
    return [
      {
        name: 'list 10,000 packages, p50',
        value: percentile(ours, 50),
        unit: 'ms',
        baseline: percentile(bare, 50),
        baselineName: 'bare query + JSON',
        lowerIsBetter: true,
      },
      {
        name: 'list 10,000 packages, p99',
        value: percentile(ours, 99),
        unit: 'ms',
        baseline: percentile(bare, 99),
        baselineName: 'bare query + JSON',
        lowerIsBetter: true,
      },
      {
        name: 'list 10,000 packages, response',
        value: oursBytes / 1024,
        unit: 'KB',
        baseline: bareBytes / 1024,
        baselineName: 'bare rows as JSON',
        lowerIsBetter: true,
      },
    ]
  } finally {
    await t.cleanup()
  }
}
