// A database of a test's own, opened as the product opens it (migrations applied): SQLite in a
// fresh folder (a copy of the run's migrated one), or the test file's PostgreSQL database emptied (tests/helpers/test-database.ts).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach } from 'vitest'
import { parseConfig } from '../../server/parse-config.ts'
import type { Database } from '../../server/platform/db/database.ts'
import { openDatabase } from '../../server/platform/db/open-database.ts'
import { productDatabaseEnv, testDatabaseEnv, testDialect } from './test-database.ts'

export async function openScratchDatabase(name: string): Promise<{ db: Database; close(): Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `ads-preview-${name}-`))
  const db = await openDatabase(
    parseConfig({
      DATA_DIR: dir,
      ...(testDialect() === 'postgres' ? await testDatabaseEnv() : productDatabaseEnv(dir)),
    }),
  )
  return {
    db,
    async close() {
      await db.close()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** A scratch database for each test of the calling file: opened before the test, closed after it. */
export function scratchDatabasePerTest(name: string): { readonly db: Database } {
  let current: Awaited<ReturnType<typeof openScratchDatabase>> | undefined
  beforeEach(async () => {
    current = await openScratchDatabase(name)
  })
  afterEach(() => current?.close())
  return {
    get db() {
      if (!current) throw new Error('the scratch database opens before each test')
      return current.db
    },
  }
}
