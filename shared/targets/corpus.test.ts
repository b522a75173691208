// The real creatives of ../shared/corpus (IAB compliance ads, the MRAID web tester's units,
// AppNexus test ads), each with the verdict a person would give: its kind, refused or created,
// its warnings, and the verdict over the default targets (the list badge, the workbench and
// `check` use the same). docs/delivery-targets.md shows the same table: the test holds both.
import fs from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { refusalHeadline } from '../inspector/refusal.ts'
import { bytesSource } from '../zip/byte-source.ts'
import { inspectTargets } from './inspect-targets.ts'

const CORPUS = path.resolve(import.meta.dirname, '../../../shared/corpus/real')
const DOCS = path.resolve(import.meta.dirname, '../../docs/delivery-targets.md')
const present = fs.existsSync(CORPUS)
if (!present) console.warn(`SKIPPED: the corpus test needs ${CORPUS}, which is absent here.`)

/** One row of the docs' table: zip | kind | upload | warnings | default verdict. */
async function corpusRow(zip: string): Promise<string[]> {
  const bytes = new Uint8Array(fs.readFileSync(path.join(CORPUS, zip)))
  const { inspection, matrix, badge } = await inspectTargets(bytesSource(bytes), { requireMraid: true })
  const errors = inspection.issues.filter((issue) => issue.severity === 'error').map((issue) => issue.rule)
  const warnings = [
    ...new Set(inspection.issues.filter((i) => i.severity === 'warning').map((i) => i.rule)),
  ].sort()
  const failing = matrix.targets
    .filter((target) => target.verdict === 'fail')
    .map((target) => {
      const rules = matrix.cells.filter((c) => c.target === target.target && c.status === 'fail')
      return `${target.target} (${rules.map((cell) => cell.rule).join(', ')})`
    })
  const verdict = !inspection.ok
    ? `refused: ${errors.join(', ')}`
    : badge.verdict === 'pass'
      ? 'passes'
      : `${badge.verdict === 'fail' ? 'fails' : 'warns'} ${failing.join('; ')}`
  return [
    zip.replace(/\.zip$/, ''),
    matrix.creative?.kind ?? 'none',
    inspection.ok ? 'created' : `refused (${refusalHeadline(inspection)})`,
    warnings.join(', ') || 'none',
    verdict,
  ]
}

/** The rows of the table under the "## The shared corpus" heading of docs/delivery-targets.md. */
function documentedRows(): string[][] {
  const docs = fs.readFileSync(DOCS, 'utf8')
  const section = docs.slice(docs.indexOf('## The shared corpus'))
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| zip') && !line.startsWith('|---'))
    .map((line) =>
      line
        .slice(2, -2)
        .split(' | ')
        .map((cell) => cell.replaceAll('`', '').trim()),
    )
}

describe.skipIf(!present)('the shared corpus, as docs/delivery-targets.md tabulates it', () => {
  let rows: string[][] = []
  beforeAll(async () => {
    const zips = fs
      .readdirSync(CORPUS)
      .filter((name) => name.endsWith('.zip'))
      .sort()
    rows = await Promise.all(zips.map(corpusRow))
  })

  it('each creative gets its kind, upload, warnings and default verdict, as documented', () => {
    // PRINT_CORPUS=1 prints the rows as the docs table, to paste there after a deliberate change.
    if (process.env.PRINT_CORPUS) console.log(rows.map((r) => `| ${r.join(' | ')} |`).join('\n'))
    expect(rows).toEqual(documentedRows())
  })

  it('refuses only what has no MRAID or no HTML entry, and every correct creative passes', () => {
    const byName = new Map(rows.map((row) => [row[0], row]))
    const refused = rows.filter((row) => row[2]?.startsWith('refused')).map((row) => row[0])
    expect(refused).toEqual(['iab-mraid3-resize-negative', 'iab-mraid3-viewability-with-mock-NEGATIVE'])
    for (const correct of [
      'iab-mraid3-loadandevents',
      'iab-mraid3-viewability',
      'webtester-fullpage-interstitial',
      'webtester-resize-errors',
    ])
      expect(byName.get(correct)?.[4], correct).toBe('passes')
  })
})
