// The inspecting processes: a package that a limit refuses leaves its process killed, and the
// very next package, asked for at once, is inspected by a fresh process rather than handed to
// the dying one (which answered a 500 'The package checker stopped' in a land gate).
import { afterAll, expect, it } from 'vitest'
import { bytesSource } from '../../../shared/zip/byte-source.ts'
import { slowPackage } from '../../../tests/fixtures/check-packages.ts'
import { validPackage } from '../../../tests/fixtures/packages.ts'
import { createChildInspector, spawnSourceInspector } from './inspect-in-child.ts'

const inspector = createChildInspector(spawnSourceInspector, { timeMs: 300, heapMb: 4096 })
afterAll(() => inspector.close())

it('the package after a refused one is inspected by a live process', async () => {
  await expect(inspector.inspect(bytesSource(slowPackage()), { requireMraid: true })).rejects.toMatchObject({
    body: { details: ['Checking this package took longer than 0.3 s: it was refused.'] },
  })
  const report = await inspector.inspect(bytesSource(validPackage()), { requireMraid: true })
  expect(report.ok).toBe(true)
}, 20_000) // two inspecting processes started: 7.4 s measured here beside the suite at a load of 30
