// Whether this instance can do its work now: the database answers a query on the packages table
// and the blob store takes a write. A load balancer or an orchestrator asks often, and anyone can
// ask, so one check runs at a time and its answer is reused for a second.
import { logger } from '../log/logger.ts'

export type ReadinessChecks = Record<string, () => Promise<void> | void>
export interface Readiness {
  ready: boolean
  /** 'ok' or why not, per check. */
  checks: Record<string, string>
}

const REUSE_MS = 1000

/** A short reason that names no path of the server's disk. */
function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  const message = error instanceof Error ? error.message.split(/[,:]/)[0]!.trim() : String(error)
  return code && !message.startsWith(code) ? `${code}: ${message}` : message
}

export function createReadiness(checks: ReadinessChecks, now: () => number = Date.now) {
  let last: { at: number; answer: Promise<Readiness> } | undefined

  async function run(): Promise<Readiness> {
    const results: Record<string, string> = {}
    for (const [name, check] of Object.entries(checks)) {
      try {
        await check()
        results[name] = 'ok'
      } catch (error) {
        results[name] = reasonOf(error)
        logger.warn({ err: error, check: name }, `Not ready: the ${name} check failed`)
      }
    }
    return { ready: Object.values(results).every((result) => result === 'ok'), checks: results }
  }

  return (): Promise<Readiness> => {
    if (!last || now() - last.at >= REUSE_MS) last = { at: now(), answer: run() }
    return last.answer
  }
}
