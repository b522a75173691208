// Checks many packages in parallel, one checking process per core, in the server's capped pool of
// child processes (server/platform/child-pool/). Each process's heap is capped and each package
// has a time limit: a package that exceeds either fails the check (its process is killed and
// replaced), and the run goes on with the next one.
import type { ChildProcess } from 'node:child_process'
import os from 'node:os'
import { type ChildEnded, createChildPool, lastLine } from '../../server/platform/child-pool/child-pool.ts'
import { type PackageVerdict, statusOf } from './verdict.ts'
import { type CheckAnswer, type PackageInput, WORKER_READY } from './worker-protocol.ts'

export interface CheckLimits {
  /** Per package, from the moment a ready process takes it. */
  timeMs: number
  /** The V8 heap of each checking process. */
  heapMb: number
}

export const DEFAULT_CHECK_LIMITS: CheckLimits = { timeMs: 60_000, heapMb: 512 }

/** Starts a checking process with this environment, stderr piped and an IPC channel. */
export type SpawnWorker = (options: { env: NodeJS.ProcessEnv }) => ChildProcess

export interface PoolOptions {
  /** Delivery-target ids each package is judged against. */
  targets: string[]
  jobs?: number
  limits?: Partial<CheckLimits>
  spawnWorker: SpawnWorker
  /** Each verdict as it arrives (the progress line). */
  onVerdict?: (verdict: PackageVerdict, done: number) => void
}

export function defaultJobs(): number {
  return Math.max(1, os.availableParallelism())
}

function limitVerdict(input: PackageInput, rule: string, message: string, ms: number): PackageVerdict {
  const issues = [{ rule, severity: 'error' as const, message }]
  return {
    file: input.file,
    status: statusOf(issues, []),
    issues,
    targets: [],
    entry: null,
    adSize: null,
    size: 0,
    ms,
  }
}

/** The verdict of a package whose check broke a limit or whose process stopped. */
function endedVerdict(
  input: PackageInput,
  ended: ChildEnded,
  limits: CheckLimits,
  ms: number,
): PackageVerdict {
  return ended.ended === 'time'
    ? limitVerdict(
        input,
        'check.time-limit',
        `Checking took longer than ${limits.timeMs / 1000} s: the package was refused.`,
        ms,
      )
    : ended.ended === 'memory'
      ? limitVerdict(
          input,
          'check.memory-limit',
          `Checking needed more than ${limits.heapMb} MB of memory: the package was refused.`,
          ms,
        )
      : limitVerdict(
          input,
          'check.crashed',
          `The checker stopped on this package: ${lastLine(ended.detail)}`,
          ms,
        )
}

/** Verdicts in the order of `inputs`. */
export async function checkInParallel(
  inputs: PackageInput[],
  options: PoolOptions,
): Promise<PackageVerdict[]> {
  const limits = { ...DEFAULT_CHECK_LIMITS, ...options.limits }
  const pool = createChildPool({
    spawn: (env) => options.spawnWorker({ env }),
    limits,
    readyMessage: WORKER_READY,
    size: Math.min(options.jobs ?? defaultJobs(), inputs.length),
    // A user's NODE_OPTIONS reach the checking processes, the heap cap added to them.
    inheritNodeOptions: true,
  })
  let done = 0

  async function check(input: PackageInput, id: number): Promise<PackageVerdict> {
    let started = performance.now()
    const outcome = await pool.run<PackageVerdict>((child, answer) => {
      started = performance.now()
      const onMessage = (message: CheckAnswer) => {
        if (message.id === id) answer(message.verdict)
      }
      child.on('message', onMessage)
      child.send({ id, ...input, targets: options.targets })
      return () => child.off('message', onMessage)
    })
    const verdict =
      'answered' in outcome
        ? outcome.answered
        : endedVerdict(input, outcome, limits, Math.round(performance.now() - started))
    done += 1
    options.onVerdict?.(verdict, done)
    return verdict
  }

  try {
    return await Promise.all(inputs.map(check))
  } finally {
    pool.close()
  }
}
