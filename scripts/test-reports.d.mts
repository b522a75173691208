// Types for tests/unit/test-reports.test.ts, which reads the closing lines of `npm test` as CI shows them.
export type Counts = { passed: number; failed: number; skipped: number }
export type ReportKind = 'vitest' | 'playwright'
export function addReport(counts: Counts, kind: ReportKind, file: string, status: number): void
export function failureLines(kind: ReportKind, file: string, label: string): string[]
export function outsideErrorsReportOf(jsonReport: string): string
export type Tier = { name: string; runner: 'vitest' | 'e2e' | 'binary'; budgetSeconds: number; what: string }
export function tierLine(run: { tier: Tier; status: number; seconds: number; counts: Counts }): string
