// CI shows only the tail of a run's output, so the closing lines of `npm test` must name what
// failed. The reports here have the shape Vitest's and Playwright's JSON reporters write.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { addReport, failureLines, outsideErrorsReportOf, tierLine } from '../../scripts/test-reports.mjs'
import { TIERS } from '../../scripts/test-tiers.mjs'

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-reports-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

function written(name: string, report: unknown): string {
  const file = path.join(dir, name)
  fs.writeFileSync(file, JSON.stringify(report))
  return file
}

const vitest = written('vitest.json', {
  numPassedTests: 2,
  numFailedTests: 1,
  numPendingTests: 1,
  numTodoTests: 0,
  testResults: [
    {
      name: path.join(process.cwd(), 'server/a.test.ts'),
      status: 'failed',
      message: '',
      assertionResults: [
        { fullName: 'a passes', status: 'passed', failureMessages: [] },
        {
          fullName: 'a > reads the zip',
          status: 'failed',
          failureMessages: ['\u001b[31mAssertionError: expected 1 to be 2\u001b[39m\n    at a.test.ts:3:1'],
        },
      ],
    },
    {
      name: path.join(process.cwd(), 'server/b.test.ts'),
      status: 'failed',
      message: 'Hook timed out in 60000ms.\nIf this is a long-running hook, pass a timeout value',
      assertionResults: [{ fullName: 'b passes', status: 'passed', failureMessages: [] }],
    },
  ],
})

const playwright = written('playwright.json', {
  errors: [{ message: 'Error: Timed out waiting 120000ms from config.webServer.' }],
  stats: { expected: 1, unexpected: 1, flaky: 0, skipped: 2 },
  suites: [
    {
      title: 'team.spec.ts',
      specs: [],
      suites: [
        {
          title: 'at 390 px',
          specs: [
            {
              title: 'a team lead invites a member',
              file: 'team.spec.ts',
              line: 43,
              tests: [
                {
                  status: 'unexpected',
                  results: [
                    { status: 'timedOut', errors: [{ message: 'Test timeout of 300000ms exceeded.' }] },
                  ],
                },
              ],
            },
            {
              title: 'passes',
              file: 'team.spec.ts',
              line: 90,
              tests: [{ status: 'expected', results: [{ status: 'passed', errors: [] }] }],
            },
          ],
        },
      ],
    },
  ],
})

test('names each failed test with its file and the first line of its error, colours removed', () => {
  expect(failureLines('vitest', vitest, 'unit')).toEqual([
    'unit: server/a.test.ts > a > reads the zip: AssertionError: expected 1 to be 2',
    'unit: server/b.test.ts: Hook timed out in 60000ms.',
  ])
  expect(failureLines('playwright', playwright, 'e2e')).toEqual([
    'e2e: team.spec.ts:43 > a team lead invites a member: Test timeout of 300000ms exceeded.',
    'e2e: Error: Timed out waiting 120000ms from config.webServer.',
  ])
})

test('names the errors outside the tests, which the JSON report leaves out: a hook by its file, then the rest', () => {
  const hooked = path.join(process.cwd(), 'tests/faults/outage.test.ts')
  const passed = written('passed.json', {
    numPassedTests: 1,
    numFailedTests: 0,
    testResults: [
      {
        name: hooked,
        status: 'failed',
        message: '',
        assertionResults: [{ fullName: 'outage passes', status: 'passed', failureMessages: [] }],
      },
    ],
  })
  fs.writeFileSync(
    outsideErrorsReportOf(passed),
    JSON.stringify([
      { file: hooked, message: 'Error: Hook timed out in 60000ms.\nIf this is a long-running hook, …' },
      {
        message:
          'Error: [vitest-pool]: Worker forks emitted error. (caused by Error: Worker exited unexpectedly)',
      },
    ]),
  )
  expect(outsideErrorsReportOf(passed)).toBe(path.join(dir, 'passed-outside.json'))
  expect(failureLines('vitest', passed, 'unit')).toEqual([
    'unit: tests/faults/outage.test.ts: Error: Hook timed out in 60000ms.',
    'unit: outside any test: Error: [vitest-pool]: Worker forks emitted error. (caused by Error: Worker exited unexpectedly)',
  ])
})

test('a missing report names nothing; the count still calls a failed run one failure', () => {
  const missing = path.join(dir, 'none.json')
  expect(failureLines('vitest', missing, 'unit')).toEqual([])
  const counts = { passed: 0, failed: 0, skipped: 0 }
  addReport(counts, 'vitest', missing, 1)
  addReport(counts, 'vitest', vitest, 1)
  addReport(counts, 'playwright', playwright, 1)
  expect(counts).toEqual({ passed: 3, failed: 3, skipped: 3 })
})

test("a tier's line gives its count and its time against its budget, and says when it ran over", () => {
  const tier = TIERS.find((t) => t.name === 'unit')!
  const counts = { passed: 380, failed: 0, skipped: 2 }
  expect(tierLine({ tier, status: 0, seconds: 41.23, counts })).toBe(
    `unit: 380 passed, 0 failed, 2 skipped in 41.2 s (budget ${tier.budgetSeconds} s)`,
  )
  expect(tierLine({ tier, status: 1, seconds: tier.budgetSeconds + 1, counts })).toBe(
    `unit: 380 passed, 0 failed, 2 skipped in ${tier.budgetSeconds + 1}.0 s (budget ${tier.budgetSeconds} s OVER BUDGET), exit 1`,
  )
})
