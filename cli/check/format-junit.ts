// The JUnit XML report CI servers read (Jenkins, GitLab, GitHub test reporters): one test case
// per package, a <failure> listing why it fails, an <error> when it could not be read, and its
// warnings as system-out. Names come from hostile zips: everything is escaped, and characters
// XML 1.0 cannot carry are dropped.
import { type CheckReport, failureLines, summaryOf } from './report.ts'

// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 forbids
const NOT_XML = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu

export function xmlText(value: string): string {
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

const seconds = (ms: number) => (ms / 1000).toFixed(3)

export function formatJunit(report: CheckReport): string {
  const s = summaryOf(report)
  const name = xmlText(
    `ads-preview check${report.targets.length > 0 ? ` (targets: ${report.targets.join(', ')})` : ''}`,
  )
  const totals = `tests="${s.packages}" failures="${s.failed}" errors="${s.errors}" skipped="0" time="${report.seconds.toFixed(3)}"`
  const cases = report.verdicts.map((verdict) => {
    const open = `    <testcase classname="ads-preview.check" name="${xmlText(verdict.file)}" file="${xmlText(verdict.file)}" time="${seconds(verdict.ms)}"`
    const lines = failureLines(verdict)
    const warnings = verdict.issues
      .filter((issue) => issue.severity === 'warning')
      .map((issue) => `warning ${issue.rule}: ${issue.message}`)
    const body: string[] = []
    if (verdict.status === 'error')
      body.push(`      <error message="${xmlText(lines[0] ?? 'unreadable')}" type="io"/>`)
    if (verdict.status === 'fail') {
      const first = lines[0] ?? 'failed'
      body.push(
        `      <failure message="${xmlText(first)}" type="${xmlText(first.split(':')[0] ?? 'check')}">${xmlText(lines.join('\n'))}</failure>`,
      )
    }
    if (warnings.length > 0) body.push(`      <system-out>${xmlText(warnings.join('\n'))}</system-out>`)
    return body.length === 0 ? `${open}/>` : `${open}>\n${body.join('\n')}\n    </testcase>`
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="${name}" ${totals}>`,
    `  <testsuite name="${name}" ${totals} timestamp="${new Date().toISOString().slice(0, 19)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n')
}
