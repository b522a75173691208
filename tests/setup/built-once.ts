// What tests/setup/built-once-setup.ts made for the run, for the test files. Outside a Vitest
// project that has that setup (the benchmarks start products through tests/helpers/test-app.ts)
// nothing was made: the host is bundled here, a product migrates its own database and starts its
// inspecting process from source.
import { inject } from 'vitest'
import { spawnInspectorFrom } from '../../server/creatives/inspection/inspect-in-child.ts'
import type { RuntimeFiles } from '../../server/start.ts'

export function providedOnce(key: 'mraidHost' | 'migratedSqlite' | 'inspectingProcess'): string | undefined {
  try {
    return inject(key)
  } catch {
    // Not inside a Vitest worker.
    return undefined
  }
}

/** The bundled MRAID host script. */
export async function mraidHostScript(): Promise<string> {
  const bundled = providedOnce('mraidHost')
  if (bundled !== undefined) return bundled
  const { bundleMraidHost } = await import('../../mraid-host/bundle.ts')
  return bundleMraidHost()
}

/** The product's runtime files made for the run: the MRAID host, the bundled inspecting process. */
export async function builtRuntime(): Promise<RuntimeFiles> {
  const inspectingProcess = providedOnce('inspectingProcess')
  return {
    mraidHost: await mraidHostScript(),
    ...(inspectingProcess ? { spawnInspector: spawnInspectorFrom(inspectingProcess) } : {}),
  }
}
