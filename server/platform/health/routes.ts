// GET /health: the process answers (liveness; also what it is: version and runtime, so a test
// or an operator can tell the single executable from a source server). GET /ready: it can work
// (readiness: 200, or 503 with the failing check's reason).
import { Hono } from 'hono'
import { SERVER_MOUNTS } from '../../../shared/paths.ts'
import { BUILD } from '../build-info.ts'
import type { HealthAnswer, ReadinessAnswer } from './answers.ts'
import type { Readiness } from './readiness.ts'

const NO_STORE = { 'Cache-Control': 'no-store' }

export function createHealthRoutes(readiness: () => Promise<Readiness>) {
  return new Hono()
    .get(SERVER_MOUNTS.health, (c) =>
      c.json(
        { status: 'ok', version: BUILD.version, runtime: BUILD.runtime } satisfies HealthAnswer,
        200,
        NO_STORE,
      ),
    )
    .get(SERVER_MOUNTS.ready, async (c) => {
      const { ready, checks } = await readiness()
      const answer: ReadinessAnswer = { status: ready ? 'ready' : 'unavailable', checks }
      return c.json(answer, ready ? 200 : 503, NO_STORE)
    })
}
