import fs from 'node:fs'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts'
import { sqliteConnection } from '../db/sqlite/open-sqlite.ts'
import { configureLogger } from '../log/logger.ts'
import { createReadiness } from './readiness.ts'

// A healthy product for the file; a test that breaks its database or storage starts its own, as
// /ready reuses its answer for a second (readiness.ts) and a closed connection does not reopen.
let healthy: TestApp
beforeAll(async () => {
  healthy = await createTestApp()
})
afterAll(() => healthy.cleanup())
const apps: TestApp[] = []
let logged: Record<string, unknown>[] = []
beforeEach(() => {
  logged = []
  configureLogger({ level: 'info', format: 'json' }, (line) => logged.push(JSON.parse(line)))
})
async function testApp() {
  const t = await createTestApp()
  apps.push(t)
  return t
}
afterEach(async () => {
  for (const t of apps.splice(0)) await t.cleanup()
  configureLogger({ level: 'info', format: 'auto' })
})

describe('/health and /ready', () => {
  it('/health says the process answers, its version and that it runs on Node (not the binary)', async () => {
    const t = healthy
    const { version } = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { version: string }
    const response = await t.app.request('/ads-preview/health')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ok', version, runtime: 'node' })
  })

  it('/ready is 200 when the database answers and the storage takes a write, and leaves no file', async () => {
    const t = healthy
    const response = await t.app.request('/ads-preview/ready')
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ status: 'ready', checks: { database: 'ok', storage: 'ok' } })
    expect(t.blobFiles('uploads')).toEqual([])
  })

  it('/ready is 503 with the reason when the database fails', async () => {
    const t = await testApp()
    sqliteConnection(t.db).close()
    const response = await t.app.request('/ads-preview/ready')
    expect(response.status).toBe(503)
    const body = (await response.json()) as { status: string; checks: Record<string, string> }
    expect(body.status).toBe('unavailable')
    expect(body.checks.storage).toBe('ok')
    expect(body.checks.database).toMatch(/database connection is not open/)
    // The log has the whole cause.
    expect(logged).toContainEqual(
      expect.objectContaining({
        level: 'warn',
        check: 'database',
        err: expect.objectContaining({ stack: expect.any(String) }),
      }),
    )
  })

  it('/ready is 503 with the reason, and no path of the disk, when the storage cannot be written', async () => {
    const t = await testApp()
    // Where uploads go is a file now: nothing can be written under it (root ignores modes).
    fs.mkdirSync(path.join(t.dataDir, 'blobs'), { recursive: true })
    fs.writeFileSync(path.join(t.dataDir, 'blobs', 'uploads'), '')
    const response = await t.app.request('/ads-preview/ready')
    expect(response.status).toBe(503)
    const body = (await response.json()) as { checks: Record<string, string> }
    expect(body.checks.database).toBe('ok')
    expect(body.checks.storage).toMatch(/^E[A-Z]+/)
    expect(body.checks.storage).not.toContain(t.dataDir)
    expect(logged).toContainEqual(expect.objectContaining({ level: 'warn', check: 'storage' }))
  })
})

describe('createReadiness', () => {
  it('runs one check at a time and reuses its answer for a second', async () => {
    let now = 0
    let runs = 0
    const readiness = createReadiness({ database: () => void runs++ }, () => now)
    await Promise.all([readiness(), readiness(), readiness()])
    expect(runs).toBe(1)
    now = 999
    await readiness()
    expect(runs).toBe(1)
    now = 1000
    await readiness()
    expect(runs).toBe(2)
  })
})
