// The server's validation runs the inspector in a child process with its own heap cap and a time
// limit, one process per package, so a package built to be expensive (auto measured a 3 MB zip
// costing 41 s of CPU and 1.2 GB in the server's own validate) costs at most the limits and
// never the server's event loop or memory: past either limit the process is killed and the
// package refused with a message that says which. A process rather than a worker thread: a
// worker's heap limit is best effort and can abort the whole server (nodejs/node#47224); a job
// on the queue would not help either, since validation answers the request that asks for it and
// the job would still run inside some app process. The time limit starts once the process is
// ready, so a slow start on a loaded machine is not held against the package.
import { type ChildProcess, fork } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { MESSAGES } from '../../../shared/constants.ts'
import type { InspectionReport, InspectOptions } from '../../../shared/inspector/inspect.ts'
import type { ByteSource } from '../../../shared/zip/byte-source.ts'
import { AppError } from '../../platform/errors.ts'
import { type FromInspector, INSPECTOR_READY, type ToInspector } from './inspect-protocol.ts'
import type { Inspect } from './inspector.ts'

export interface InspectionLimits {
  timeMs: number
  heapMb: number
}

/** Starts an inspecting process with this environment: stderr piped, an IPC channel (advanced). */
export type SpawnInspector = (env: NodeJS.ProcessEnv) => ChildProcess

/** The single executable starts itself with this argument (bin/single-executable/main.ts). */
export const INSPECT_WORKER_ARG = '--inspect-worker'

/**
 * From the source tree (Node strips the types) or from dist/server, where `npm run build` puts
 * the bundled entry beside main.mjs. import.meta.dirname is read when called: the single
 * executable has none and starts itself instead.
 */
export const spawnSourceInspector: SpawnInspector = (env) => {
  const bundled = path.join(import.meta.dirname, 'inspecting-process.mjs')
  const entry = fs.existsSync(bundled) ? bundled : path.join(import.meta.dirname, 'inspecting-process.ts')
  return spawnInspectorFrom(entry)(env)
}

/** Starts the inspecting process whose entry is `entry` (the tests bundle it once per run). */
export function spawnInspectorFrom(entry: string): SpawnInspector {
  return (env) =>
    fork(entry, [], {
      env,
      execArgv: [],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    })
}

function refused(detail: string): AppError {
  return new AppError('UNPROCESSABLE_CONTENT', MESSAGES.validationFailed, { details: [detail] })
}

/** One inspecting process, its stderr's tail, and whether it has said it is ready. */
function startInspector(spawn: SpawnInspector, heapMb: number) {
  const child = spawn({ ...process.env, NODE_OPTIONS: `--max-old-space-size=${heapMb}` })
  let stderr = ''
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4096)
  })
  child.on('error', () => {})
  const ready = new Promise<boolean>((resolve) => {
    const onReady = (message: FromInspector) => {
      if (message !== INSPECTOR_READY) return
      child.off('message', onReady)
      resolve(true)
    }
    child.on('message', onReady)
    child.once('exit', () => resolve(false))
  })
  return { child, ready, stderr: () => stderr }
}

type Inspector = ReturnType<typeof startInspector>

/** Idle processes keep neither the server alive nor their memory for long. */
function setIdle(inspector: Inspector, idle: boolean): void {
  const { child } = inspector
  const handle = child.channel as { ref(): void; unref(): void } | null | undefined
  if (idle) {
    child.unref()
    handle?.unref()
  } else {
    child.ref()
    handle?.ref()
  }
}

/** The report, or an AppError (422) when the package broke a limit: the process is then killed. */
function inspectWith(
  inspector: Inspector,
  limits: InspectionLimits,
  source: ByteSource,
  options: InspectOptions,
): Promise<InspectionReport> {
  const { child } = inspector
  return new Promise<InspectionReport>((resolve, reject) => {
    const send = (message: ToInspector) => child.connected && child.send(message)
    const settle = (outcome: Error | InspectionReport) => {
      clearTimeout(timer)
      child.off('exit', onExit)
      child.off('message', onMessage)
      if (outcome instanceof Error) {
        child.kill('SIGKILL')
        reject(outcome)
      } else resolve(outcome)
    }
    const timer = setTimeout(
      () =>
        settle(refused(`Checking this package took longer than ${limits.timeMs / 1000} s: it was refused.`)),
      limits.timeMs,
    )
    const onExit = () => {
      const stderr = inspector.stderr()
      settle(
        /heap out of memory|Reached heap limit/.test(stderr)
          ? refused(`Checking this package needed more than ${limits.heapMb} MB of memory: it was refused.`)
          : new Error(`The package checker stopped: ${stderr.trim().split('\n').pop() ?? 'no message'}`),
      )
    }
    const onMessage = (message: FromInspector) => {
      if (message === INSPECTOR_READY) return
      if (message.kind === 'read') {
        source.read(message.offset, message.length).then(
          (bytes) => send({ kind: 'bytes', id: message.id, bytes }),
          (error: unknown) => send({ kind: 'unreadable', id: message.id, message: (error as Error).message }),
        )
      } else if (message.kind === 'report') settle(message.report)
      else settle(new Error(`The package checker failed: ${message.message}`))
    }
    child.once('exit', onExit)
    child.on('message', onMessage)
    if (!child.connected) onExit()
    else send({ kind: 'inspect', size: source.size, options })
  })
}

/**
 * Inspects in child processes, one package at a time each, at most one per core at once (the
 * others wait). A process is kept for the next package unless a limit killed it.
 */
export function createChildInspector(spawn: SpawnInspector, limits: InspectionLimits) {
  const idle: Inspector[] = []
  const all = new Set<Inspector>()
  const waiting: (() => void)[] = []
  let free = Math.max(1, os.availableParallelism())

  async function take(): Promise<Inspector> {
    if (free > 0) free--
    else await new Promise<void>((resolve) => waiting.push(resolve))
    const kept = idle.pop()
    if (kept) return kept
    const started = startInspector(spawn, limits.heapMb)
    all.add(started)
    started.child.once('exit', () => {
      all.delete(started)
      const at = idle.indexOf(started)
      if (at >= 0) idle.splice(at, 1)
    })
    return started
  }

  function give(inspector: Inspector): void {
    // A process a limit just killed has not exited yet (the signal is delivered later): `killed`
    // says so at once, and the next package must not be handed to it.
    const { child } = inspector
    if (!child.killed && child.exitCode === null && child.signalCode === null) {
      setIdle(inspector, true)
      idle.push(inspector)
    }
    const next = waiting.shift()
    if (next) next()
    else free++
  }

  const inspect: Inspect = async (source, options) => {
    const inspector = await take()
    try {
      setIdle(inspector, false)
      if (!(await inspector.ready))
        throw new Error(
          `The package checker did not start: ${inspector.stderr().trim().split('\n').pop() ?? ''}`,
        )
      return await inspectWith(inspector, limits, source, options)
    } finally {
      give(inspector)
    }
  }

  return {
    inspect,
    close(): void {
      for (const inspector of all) inspector.child.kill('SIGKILL')
    },
  }
}
