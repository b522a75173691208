// Holds `ads-preview check` reports to their formats' own rules: JUnit XML must parse as XML with
// the counts CI servers read, SARIF must pass Microsoft's SARIF validator (the SARIF SDK's
// Multitool, which checks the 2.1.0 schema and the spec's rules), JSON the report schema.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { SaxesParser } from 'saxes'
import { checkReportSchema } from '../../cli/check/report-schema.ts'

export interface JunitCase {
  name: string
  failure?: string
  error?: string
}

/**
 * The test cases of a JUnit report, after checking that it is well-formed XML 1.0 (saxes, a
 * strict parser) and that the counts CI servers read add up.
 */
export function parseJunit(xml: string): {
  tests: number
  failures: number
  errors: number
  cases: JunitCase[]
} {
  const parser = new SaxesParser()
  const cases: JunitCase[] = []
  let root: Record<string, string> | undefined
  parser.on('error', (error) => {
    throw new Error(`JUnit XML is not well-formed: ${error.message}`)
  })
  parser.on('opentag', (tag) => {
    const attributes = tag.attributes as Record<string, string>
    if (tag.name === 'testsuites') root = attributes
    if (tag.name === 'testcase') cases.push({ name: attributes.name ?? '' })
    const current = cases.at(-1)
    if (current && (tag.name === 'failure' || tag.name === 'error'))
      current[tag.name] = attributes.message ?? ''
  })
  parser.write(xml).close()
  if (!root) throw new Error('JUnit XML has no <testsuites>')
  const counts = { tests: Number(root.tests), failures: Number(root.failures), errors: Number(root.errors) }
  if (counts.tests !== cases.length) throw new Error(`tests="${counts.tests}" but ${cases.length} test cases`)
  if (counts.failures !== cases.filter((c) => c.failure !== undefined).length)
    throw new Error('the failures count is wrong')
  if (counts.errors !== cases.filter((c) => c.error !== undefined).length)
    throw new Error('the errors count is wrong')
  return { ...counts, cases }
}

/** The error-level findings of the SARIF Multitool's `validate` on a log (empty: valid). */
export function sarifValidationErrors(sarif: string): string[] {
  const multitool = createRequire(import.meta.url)('@microsoft/sarif-multitool') as string
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sarif-validate-'))
  try {
    fs.writeFileSync(path.join(dir, 'log.sarif'), sarif)
    const run = spawnSync(multitool, ['validate', 'log.sarif', '--output', 'validation.sarif'], {
      cwd: dir,
      encoding: 'utf8',
    })
    if (run.status !== 0) throw new Error(`the SARIF Multitool failed: ${run.stderr || run.stdout}`)
    const validation = JSON.parse(fs.readFileSync(path.join(dir, 'validation.sarif'), 'utf8'))
    return validation.runs[0].results
      .filter((result: { level?: string }) => result.level === 'error')
      .map(
        (result: { ruleId: string; message: { arguments?: string[] } }) =>
          `${result.ruleId} ${result.message.arguments?.join(' ') ?? ''}`,
      )
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

export function parseJsonReport(json: string) {
  return checkReportSchema.parse(JSON.parse(json))
}
