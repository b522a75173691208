// The move's guard on its target (claim-target.ts): a database and bucket that already hold an
// installation's things, and no moved-from marker, are refused with what they hold, and the
// refusal writes nothing (no marker either, so the next try is refused the same way).
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { validPackage } from '../../../tests/fixtures/packages.ts'
import { createTestApp, type TestApp, uploadPackage } from '../../../tests/helpers/test-app.ts'
import { claimTarget, MARKER, TargetRefused } from './claim-target.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.cleanup())

it('a target holding packages and files but no moved-from marker is refused, and nothing is written', async () => {
  expect((await uploadPackage(t, 'already-here.zip', validPackage('here'), 'keep')).response.status).toBe(201)
  const { secrets } = t.db.tables
  const refusal = claimTarget(t.db, t.services.blobs, 'a-source-installation')
  await expect(refusal).rejects.toBeInstanceOf(TargetRefused)
  await expect(refusal).rejects.toThrow(
    /^The target is not empty \(.*1 packages.*1 files under packages\/ in the bucket\): move into an empty database and bucket\. Nothing was changed\.$/,
  )
  expect(await t.db.orm.select().from(secrets).where(eq(secrets.name, MARKER))).toEqual([])
  await expect(claimTarget(t.db, t.services.blobs, 'a-source-installation')).rejects.toThrow('not empty')
})
