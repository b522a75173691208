// The throttle's clock, driven by hand: what a loaded machine does to parallel sign-ins.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { testDatabaseEnv } from '../../../tests/helpers/test-database.ts'
import { parseConfig } from '../../parse-config.ts'
import type { Database } from '../../platform/db/database.ts'
import { openDatabase } from '../../platform/db/open-database.ts'
import { createLoginThrottle, delayAfter } from './throttle.ts'

const opened: { db: Database; dir: string }[] = []
afterAll(async () => {
  for (const { db, dir } of opened) {
    await db.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

async function throttleAt(start = 1_000_000_000) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'throttle-'))
  const db = await openDatabase(parseConfig({ DATA_DIR: dir, ...(await testDatabaseEnv()) }))
  opened.push({ db, dir })
  let clock = start
  const throttle = createLoginThrottle(db, () => clock)
  return { throttle, advance: (ms: number) => (clock += ms) }
}

it('counts attempts still being checked, however long they take to fail', async () => {
  const { throttle, advance } = await throttleAt()
  const inFlight = await Promise.all(
    Array.from({ length: 5 }, () => throttle.begin('a@example.com', '10.0.0.1')),
  )
  expect(inFlight.every((attempt) => attempt.allowed)).toBe(true)
  // A loaded machine: seconds pass before any of the five has been checked.
  advance(5_000)
  expect(await throttle.begin('a@example.com', '10.0.0.1')).toEqual({ allowed: false, retryAfterSeconds: 1 })
  for (const attempt of inFlight) if (attempt.allowed) await throttle.failed(attempt.ticket)
  advance(999)
  expect((await throttle.begin('a@example.com', '10.0.0.1')).allowed).toBe(false)
  advance(1)
  expect((await throttle.begin('a@example.com', '10.0.0.1')).allowed).toBe(true)
})

it('grows the wait from 1 s to 15 minutes', () => {
  expect([4, 5, 6, 7, 14, 15, 40].map((n) => delayAfter(n, 5) / 1000)).toEqual([0, 1, 2, 4, 512, 900, 900])
})
