// Checks many packages in parallel, one checking process per core. Each process's heap is capped
// and each package has a time limit: a package that exceeds either fails the check (its process
// is killed and replaced), and the run goes on with the next one.
import type { ChildProcess } from 'node:child_process'
import os from 'node:os'
import { type PackageVerdict, statusOf } from './verdict.ts'
import { type CheckAnswer, type CheckTask, type PackageInput, WORKER_READY } from './worker-protocol.ts'

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

type Outcome = PackageVerdict | { ended: 'time' | 'memory' | 'crash'; detail: string }

/** One checking process, the tail of what it wrote to stderr, and whether it is still alive. */
async function startWorker(spawnWorker: SpawnWorker, heapMb: number) {
  const env = {
    ...process.env,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=${heapMb}`.trim(),
  }
  const child = spawnWorker({ env })
  let stderr = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4096)
  })
  child.on('error', () => {})
  await new Promise<void>((resolve) => {
    const ready = (message: unknown) => {
      if (message !== WORKER_READY) return
      child.off('message', ready)
      resolve()
    }
    child.on('message', ready)
    child.once('exit', () => resolve())
  })
  return { child, stderr: () => stderr }
}

function run(worker: Awaited<ReturnType<typeof startWorker>>, task: CheckTask, timeMs: number) {
  const { child } = worker
  return new Promise<Outcome>((resolve) => {
    const settle = (outcome: Outcome) => {
      clearTimeout(timer)
      child.off('message', onMessage)
      child.off('exit', onExit)
      resolve(outcome)
    }
    const timer = setTimeout(() => settle({ ended: 'time', detail: '' }), timeMs)
    const onMessage = (answer: CheckAnswer) => {
      if (answer.id === task.id) settle(answer.verdict)
    }
    const onExit = () => {
      const detail = worker.stderr()
      settle({ ended: /heap out of memory|Reached heap limit/.test(detail) ? 'memory' : 'crash', detail })
    }
    child.on('message', onMessage)
    child.once('exit', onExit)
    if (!child.connected) onExit()
    else child.send(task)
  })
}

/** Verdicts in the order of `inputs`. */
export async function checkInParallel(
  inputs: PackageInput[],
  options: PoolOptions,
): Promise<PackageVerdict[]> {
  const limits = { ...DEFAULT_CHECK_LIMITS, ...options.limits }
  const verdicts: PackageVerdict[] = new Array(inputs.length)
  let next = 0
  let done = 0

  async function lane(): Promise<void> {
    let worker = await startWorker(options.spawnWorker, limits.heapMb)
    try {
      while (next < inputs.length) {
        const id = next++
        const input = inputs[id]!
        const started = performance.now()
        let verdict = await run(worker, { id, ...input, targets: options.targets }, limits.timeMs)
        if ('ended' in verdict) {
          const ms = Math.round(performance.now() - started)
          worker.child.kill('SIGKILL')
          worker = await startWorker(options.spawnWorker, limits.heapMb)
          verdict =
            verdict.ended === 'time'
              ? limitVerdict(
                  input,
                  'check.time-limit',
                  `Checking took longer than ${limits.timeMs / 1000} s: the package was refused.`,
                  ms,
                )
              : verdict.ended === 'memory'
                ? limitVerdict(
                    input,
                    'check.memory-limit',
                    `Checking needed more than ${limits.heapMb} MB of memory: the package was refused.`,
                    ms,
                  )
                : limitVerdict(
                    input,
                    'check.crashed',
                    `The checker stopped on this package: ${verdict.detail.trim().split('\n').pop() ?? 'no message'}`,
                    ms,
                  )
        }
        verdicts[id] = verdict
        done += 1
        options.onVerdict?.(verdict, done)
      }
    } finally {
      worker.child.disconnect?.()
      worker.child.kill()
    }
  }

  const jobs = Math.max(1, Math.min(options.jobs ?? defaultJobs(), inputs.length))
  await Promise.all(Array.from({ length: jobs }, lane))
  return verdicts
}
