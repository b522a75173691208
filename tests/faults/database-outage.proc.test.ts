// PostgreSQL stops under a running product (docs/self-hosting.md "More than one machine"): /ready
// answers 503 naming the database while /health stays 200, every call that needs the database
// answers 503 with a message saying so, at once rather than hanging, and the process lives on.
// An upload under way when it went loses nothing: once PostgreSQL is back the product answers
// again without a restart, and the user's retry creates the package once. The job loops log the
// outage once, not at every poll. A transaction open at the crash fails, and nothing else; a
// write begun on a connection the crash has dropped fails and gives that connection back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { configureLogger } from '../../server/platform/log/logger.ts'
import { MESSAGES } from '../../shared/constants.ts'
import { validPackage } from '../fixtures/packages.ts'
import { createTestApp, type TestApp, uploadPackage } from '../helpers/test-app.ts'
import { type Cluster, findPostgresBin, startCluster } from '../postgres/cluster.ts'

const bin = findPostgresBin()

describe.skipIf(!bin)('PostgreSQL stopping under a running product', () => {
  let cluster: Cluster
  let t: TestApp

  // initdb, a PostgreSQL start and the product's: with the closing, 5 s measured here beside other
  // suites (load average 16 on 2 cores); budget 30 s.
  beforeAll(async () => {
    cluster = await startCluster(bin!, { durable: true })
    // The job loops poll every 50 ms, not every second: the outage spans many polls in no time.
    t = await createTestApp({ DATABASE_URL: cluster.url, JOBS_POLL_MS: '50' })
    // Listening starts the job loops, as `npm start` does.
    await t.listen()
  }, 30_000)
  afterAll(async () => {
    await t?.cleanup()
    cluster?.stop()
  })

  /** A call with the time it took to answer. */
  const timed = async (path: string, init: RequestInit = {}) => {
    const started = performance.now()
    const response = await t.app.request(`/ads-preview${path}`, init)
    return { response, ms: performance.now() - started }
  }
  const create = (uuid: string) => timed(`/api/packages/${uuid}`, { method: 'POST', headers: t.auth })

  // Two uploads, then PostgreSQL stopped and started again (pg_ctl, which holds this process while
  // it runs): 5.3-11.5 s measured here beside other suites (load average 13-29 on 2 cores), against
  // 14.3 s with the 3 s sleep and once-a-second job polls; past 20 s with `yes` running too (load
  // average 38); budget 40 s.
  it('says so on /ready and on every call, loses nothing, and answers again once it is back', async () => {
    const kept = await uploadPackage(t, 'before-the-outage.zip', validPackage('before'))
    expect(kept.response.status).toBe(201)
    // Put and validated while the database answered; its create is sent during the outage.
    const pending = await uploadPackage(
      t,
      'during-the-outage.zip',
      validPackage('during'),
      'none',
      'validate',
    )
    expect(pending.response.status).toBe(200)

    // How many times the job loops tried to take a job and the database refused.
    let refusedClaims = 0
    const claim = t.services.jobs.claim
    t.services.jobs.claim = (kinds) =>
      claim(kinds).catch((error: unknown) => {
        refusedClaims++
        throw error
      })
    const logged: string[] = []
    const restoreLogger = configureLogger({ level: 'info', format: 'json' }, (line) =>
      logged.push(JSON.parse(line).msg),
    )
    // A transaction open when PostgreSQL goes: its connection is checked out of the pool, out of
    // reach of the pool's own error listener. Losing it must fail the transaction, not throw an
    // uncaught exception (Vitest fails the run on one; an app process would exit).
    const { packages } = t.db.tables
    let finish = () => {}
    let begun = () => {}
    const started = new Promise<void>((resolve) => {
      begun = resolve
    })
    const openTransaction = t.db.write(async (tx) => {
      await tx.select().from(packages).limit(1)
      begun()
      await new Promise<void>((resolve) => {
        finish = resolve
      })
      await tx.select().from(packages).limit(1)
    })
    await started
    cluster.halt()
    finish()
    await expect(openTransaction).rejects.toThrow()
    expect(logged).toContain('A PostgreSQL connection was lost')
    const ready = await timed('/ready')
    expect(ready.response.status).toBe(503)
    const readiness = (await ready.response.json()) as { checks: Record<string, string> }
    expect(readiness.checks.database).toMatch(/database cannot be reached/)
    expect(readiness.checks.storage).toBe('ok')
    expect((await timed('/health')).response.status).toBe(200)

    const calls = [
      await timed('/api/packages', { headers: t.auth }),
      await timed('/api/upload/get-package-upload-url?filename=new.zip&contentType=application%2Fzip', {
        headers: t.auth,
      }),
      await create(pending.uuid!),
      await timed(`/api/packages/${kept.uuid}`, { method: 'DELETE', headers: t.auth }),
      await timed('/trpc/packages.list', { headers: t.auth }),
    ]
    const seconds = calls.map(({ ms }) => (ms / 1000).toFixed(1))
    console.log(`with PostgreSQL down, each call answered 503 within ${seconds.join(', ')} s`)
    for (const { response, ms } of calls) {
      expect(response.status).toBe(503)
      expect(JSON.stringify(await response.json())).toContain(MESSAGES.databaseUnreachable)
      expect(ms).toBeLessThan(15_000)
    }

    // Every job loop polls the queue and fails while the database is down: the log says so once,
    // not once a poll, and says when jobs are taken again.
    const refusedBefore = refusedClaims
    await expect.poll(() => refusedClaims - refusedBefore).toBeGreaterThanOrEqual(10)
    expect(logged.filter((msg) => msg === 'Cannot take a job')).toHaveLength(1)
    cluster.resume()
    await expect
      .poll(async () => (await timed('/ready')).response.status, { timeout: 10_000, interval: 100 })
      .toBe(200)
    await expect.poll(() => logged.filter((msg) => msg === 'Jobs are taken again')).toHaveLength(1)
    restoreLogger()
    t.services.jobs.claim = claim
    expect(logged.filter((msg) => msg === 'Cannot take a job')).toHaveLength(1)
    // The create refused meanwhile is retried: created once, and once only.
    expect((await create(pending.uuid!)).response.status).toBe(201)
    expect((await create(pending.uuid!)).response.status).toBe(200)
    const listed = await t.app.request('/ads-preview/api/packages', { headers: t.auth })
    expect(listed.status).toBe(200)
    const names = ((await listed.json()) as { packages: { filename: string }[] }).packages.map(
      (p) => p.filename,
    )
    expect(names.sort()).toEqual(['before-the-outage.zip', 'during-the-outage.zip'])
  }, 40_000)

  // PostgreSQL stopped and started again: 0.8-6.2 s measured here beside other suites (load average
  // 13-29 on 2 cores); budget 20 s.
  it('gives back every connection a crash took mid-write, more than the pool holds, and then closes at once', async () => {
    const { packages } = t.db.tables
    const read = () => t.db.write((tx) => tx.select().from(packages).limit(1))
    // Twelve at once leave the pool's ten connections open and idle.
    await Promise.all(Array.from({ length: 12 }, read))
    cluster.halt()
    // Begun before the process has seen the crash (pg_ctl held it): each takes an idle
    // connection the server has already dropped, and its BEGIN fails there.
    const writes = await Promise.allSettled(Array.from({ length: 12 }, read))
    expect(writes.map((write) => write.status)).toEqual(Array(12).fill('rejected'))
    cluster.resume()
    // Kept connections would leave none for any query: /ready would answer 503 for good.
    await expect
      .poll(async () => (await t.app.request('/ads-preview/ready')).status, {
        timeout: 10_000,
        interval: 100,
      })
      .toBe(200)
    const listed = await t.app.request('/ads-preview/api/packages', { headers: t.auth })
    expect(listed.status).toBe(200)
    // And closing waits for no connection a write still holds (pool.end() waits for them all).
    const closing = await Promise.race([
      t.close().then(() => 'closed'),
      new Promise((resolve) => setTimeout(() => resolve('still waiting after 5 s'), 5_000)),
    ])
    expect(closing).toBe('closed')
  }, 20_000)
})
