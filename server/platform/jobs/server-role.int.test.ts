// SERVER_ROLE started for real: a web node answers everything and leaves background jobs queued
// for a worker; a worker takes them and answers only its health and readiness over HTTP.
import { afterEach, expect, it } from 'vitest'
import { validPackage } from '../../../tests/fixtures/packages.ts'
import { createTestApp, type TestApp, uploadPackage } from '../../../tests/helpers/test-app.ts'
import { thumbnailJob } from '../../creatives/thumbnails/thumbnail-job.ts'

// A file that exists: the installation renders thumbnails. A web node never launches it, and
// the worker's job below finds no package before it would.
const RENDERS = { CHROMIUM_PATH: process.execPath, AUDIT_SECONDS: '0', JOBS_POLL_MS: '10' }

let t: TestApp | undefined
afterEach(() => t?.cleanup())

const jobRows = (app: TestApp) =>
  app.db.orm
    .select({ kind: app.db.tables.jobs.kind, attempts: app.db.tables.jobs.attempts })
    .from(app.db.tables.jobs)

it('a web node answers the upload and leaves its thumbnail job queued, taking no job itself', async () => {
  t = await createTestApp({ ...RENDERS, SERVER_ROLE: 'web' })
  const origin = await t.listen()
  const created = await uploadPackage(t, 'web-node.zip', validPackage('web node'))
  expect(created.response.status).toBe(201)
  expect((await fetch(`${origin}/ads-preview/health`)).status).toBe(200)
  // Fifteen polls of an idle loop: a process that takes jobs would have taken it, and scheduled
  // its storage sweep.
  await new Promise((resolve) => setTimeout(resolve, 150))
  expect(await jobRows(t)).toEqual([{ kind: 'thumbnail', attempts: 0 }])
}, 15_000) // a product started and an upload: 1.0 s measured alone, past 5 s beside a load generator

it('a worker takes the queued jobs and answers only /health and /ready over HTTP', async () => {
  t = await createTestApp({ ...RENDERS, SERVER_ROLE: 'worker' })
  await t.services.jobs.enqueue(thumbnailJob('00000000-0000-4000-8000-000000000000', 'someone'))
  const origin = await t.listen()
  await expect.poll(async () => (await jobRows(t!)).map((row) => row.kind)).not.toContain('thumbnail')
  expect((await jobRows(t)).map((row) => row.kind)).toContain('storage-sweep')
  const status = async (route: string) => (await fetch(`${origin}/ads-preview${route}`)).status
  expect(await status('/health')).toBe(200)
  expect(await status('/ready')).toBe(200)
  expect(await status('/')).toBe(404)
  expect(await status('/api/packages')).toBe(404)
  expect(await status('/oidc/.well-known/openid-configuration')).toBe(404)
}, 15_000) // a product started and a job taken: 1.1 s measured alone
