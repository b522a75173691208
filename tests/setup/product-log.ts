// The product's log inside the test processes: each test's records are kept and printed only when
// the test fails. The fault tests make the product log warnings and errors on purpose, and a
// passing run's output should be the runner's own; a failing test still shows what the product
// said meanwhile (records of a file's beforeAll go with its first test).
import process from 'node:process'
import { afterEach, beforeEach } from 'vitest'
import { configureLogger } from '../../server/platform/log/logger.ts'

let records: string[] = []
configureLogger({ level: 'info', format: 'json' }, (line) => records.push(line))

beforeEach((context) => {
  context.onTestFailed(() => {
    if (records.length > 0) process.stdout.write(`The product's log during this test:\n${records.join('')}`)
  })
})
afterEach(() => {
  records = []
})
