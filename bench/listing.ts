// Listing 10,000 packages through the API (bearer check, query, view, JSON) against a bare
// better-sqlite3 query serialised to JSON, on the same database in the same run: the spec's
// whole list, and the first page the package screen asks for (the paged list), plain and searched.
// The whole list again on PostgreSQL against a bare `pg` query, when a cluster can be started.
import pg from 'pg'
import { sqliteConnection } from '../server/platform/db/sqlite/open-sqlite.ts'
import { DEFAULT_PAGE_SIZE } from '../shared/package-query.ts'
import { createTestApp, type TestApp } from '../tests/helpers/test-app.ts'
import { findPostgresBin, startCluster } from '../tests/postgres/cluster.ts'
import type { Figure } from './measure.ts'

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

const LIST_ALL = 'SELECT * FROM packages ORDER BY created_at DESC'
const RUNS = 60
const WARM_UP = 5

/** Times an API path and a bare equivalent alternately; answers each one's times and last size. */
async function race(t: TestApp, path: string, bare: () => string | Promise<string>) {
  const ours: number[] = []
  const baseline: number[] = []
  let oursBytes = 0
  let bareBytes = 0
  for (let i = 0; i < RUNS + WARM_UP; i++) {
    let started = performance.now()
    const body = await (await t.app.request(path, { headers: t.auth })).text()
    if (i >= WARM_UP) ours.push(performance.now() - started)
    oursBytes = body.length
    started = performance.now()
    bareBytes = (await bare()).length
    if (i >= WARM_UP) baseline.push(performance.now() - started)
  }
  return { ours, baseline, oursBytes, bareBytes }
}

function timings(name: string, result: Awaited<ReturnType<typeof race>>, baselineName: string): Figure[] {
  return [50, 99].map((p) => ({
    name: `${name}, p${p}`,
    value: percentile(result.ours, p),
    unit: 'ms',
    baseline: percentile(result.baseline, p),
    baselineName,
    lowerIsBetter: true,
  }))
}

async function insertPackages(t: TestApp) {
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
}

async function onSqlite(): Promise<Figure[]> {
  const t = await createTestApp()
  try {
    await insertPackages(t)
    const sqlite = sqliteConnection(t.db)
    const all = sqlite.prepare(LIST_ALL)
    const first = sqlite.prepare(
      `SELECT * FROM packages ORDER BY created_at DESC, id DESC LIMIT ${DEFAULT_PAGE_SIZE + 1}`,
    )
    const searched = sqlite.prepare(
      `SELECT * FROM packages WHERE lower(filename) LIKE ? ORDER BY created_at DESC, id DESC LIMIT ${DEFAULT_PAGE_SIZE + 1}`,
    )
    const counted = sqlite.prepare('SELECT count(*) FROM packages')
    const countedSearch = sqlite.prepare('SELECT count(*) FROM packages WHERE lower(filename) LIKE ?')

    const whole = await race(t, '/ads-preview/api/packages', () => JSON.stringify({ packages: all.all() }))
    const page = await race(t, `/ads-preview/api/packages?limit=${DEFAULT_PAGE_SIZE}`, () =>
      JSON.stringify({ packages: first.all(), total: counted.pluck().get() }),
    )
    const search = await race(
      t,
      `/ads-preview/api/packages?limit=${DEFAULT_PAGE_SIZE}&search=campaign-12`,
      () =>
        JSON.stringify({
          packages: searched.all('%campaign-12%'),
          total: countedSearch.pluck().get('%campaign-12%'),
        }),
    )
    return [
      ...timings('list 10,000 packages', whole, 'bare query + JSON'),
      {
        name: 'list 10,000 packages, response',
        value: whole.oursBytes / 1024,
        unit: 'KB',
        baseline: whole.bareBytes / 1024,
        baselineName: 'bare rows as JSON',
        lowerIsBetter: true,
      },
      ...timings(
        `first page (${DEFAULT_PAGE_SIZE}) of 10,000 packages`,
        page,
        'bare page query + count + JSON',
      ),
      ...timings('first page of 10,000, searched by name', search, 'bare LIKE query + count + JSON'),
      {
        name: `first page (${DEFAULT_PAGE_SIZE}) of 10,000, response`,
        value: page.oursBytes / 1024,
        unit: 'KB',
        baseline: page.bareBytes / 1024,
        baselineName: 'bare rows as JSON',
        lowerIsBetter: true,
      },
    ]
  } finally {
    await t.cleanup()
  }
}

async function onPostgres(): Promise<Figure[]> {
  const bin = findPostgresBin()
  if (!bin) {
    console.error('list on PostgreSQL: NOT MEASURED, no PostgreSQL binaries (apt-get install postgresql)')
    return []
  }
  const cluster = await startCluster(bin)
  try {
    const t = await createTestApp({ DATABASE_URL: cluster.url })
    const client = new pg.Client({ connectionString: cluster.url })
    await client.connect()
    try {
      await insertPackages(t)
      const whole = await race(t, '/ads-preview/api/packages', async () =>
        JSON.stringify({ packages: (await client.query(LIST_ALL)).rows }),
      )
      return timings('list 10,000 packages on PostgreSQL', whole, 'bare pg query + JSON')
    } finally {
      await client.end()
      await t.cleanup()
    }
  } finally {
    cluster.stop()
  }
}

export async function benchListing(): Promise<Figure[]> {
  return [...(await onSqlite()), ...(await onPostgres())]
}
