// The inspecting processes: a package that a limit refuses leaves its process killed, and the
// very next package, asked for at once, is inspected by a fresh process rather than handed to
// the dying one (which answered a 500 'The package checker stopped' in a land gate).
import { afterAll, expect, it } from 'vitest'
import { bytesSource } from '../../../shared/zip/byte-source.ts'
import { slowPackage } from '../../../tests/fixtures/check-packages.ts'
import { validPackage } from '../../../tests/fixtures/packages.ts'
import { createChildInspector, spawnSourceInspector } from './inspect-in-child.ts'

// 1 s, between the two packages' times: unloaded, the slow package took 2.6 s and a valid one
// 7-19 ms; at a load of 39 a valid one took past 0.3 s, its process fresh, and the slow one
// only gets slower under load.
const inspector = createChildInspector(spawnSourceInspector, { timeMs: 1_000, heapMb: 4096 })
afterAll(() => inspector.close())

it('the package after a refused one is inspected by a live process', async () => {
  await expect(inspector.inspect(bytesSource(slowPackage()), { requireMraid: true })).rejects.toMatchObject({
    body: { details: ['Checking this package took longer than 1 s: it was refused.'] },
  })
  const report = await inspector.inspect(bytesSource(validPackage()), { requireMraid: true })
  expect(report.ok).toBe(true)
}, 30_000) // two inspecting processes started: 5.3-9.1 s measured here beside the suite at a load of 30-39

it('keeps an inspecting process warm: a validation finds it ready and one is started for the next', async () => {
  const started: number[] = []
  const warm = createChildInspector(
    (env) => {
      const child = spawnSourceInspector(env)
      if (child.pid) started.push(child.pid)
      return child
    },
    { timeMs: 10_000, heapMb: 256 },
  )
  try {
    warm.warm()
    expect(started).toHaveLength(1)
    const report = await warm.inspect(bytesSource(validPackage()), { requireMraid: true })
    expect(report.ok).toBe(true)
    // The validation took the warm process, and another was started behind it at once: the pool
    // keeps one ready besides the one it just used.
    expect(started).toHaveLength(2)
    await warm.inspect(bytesSource(validPackage()), { requireMraid: true })
    expect(started).toHaveLength(2)
  } finally {
    warm.close()
  }
}, 30_000) // two inspecting processes started, as above
