// The server's validation runs the inspector in a child process of the platform's capped pool
// (server/platform/child-pool/), one package at a time each, so a package built to be expensive
// (auto measured a 3 MB zip costing 41 s of CPU and 1.2 GB in the server's own validate) costs at
// most the limits and never the server's event loop or memory: past either limit the process is
// killed and the package refused with a message that says which. A job on the queue would not
// help: validation answers the request that asks for it, and the job would still run inside some
// app process.
import { fork } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import type { InspectionReport, InspectOptions } from '../../../shared/inspector/inspect.ts'
import { REFUSAL_HEADLINES } from '../../../shared/inspector/refusal.ts'
import type { ByteSource } from '../../../shared/zip/byte-source.ts'
import {
  type ChildLimits,
  createChildPool,
  type Exchange,
  lastLine,
  type SpawnChild,
} from '../../platform/child-pool/child-pool.ts'
import { AppError } from '../../platform/errors.ts'
import { type FromInspector, INSPECTOR_READY, type ToInspector } from './inspect-protocol.ts'
import type { Inspect } from './inspector.ts'

export type InspectionLimits = ChildLimits

/** Starts an inspecting process with this environment: stderr piped, an IPC channel (advanced). */
export type SpawnInspector = SpawnChild

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
  return new AppError('UNPROCESSABLE_CONTENT', REFUSAL_HEADLINES.tooCostly, { details: [detail] })
}

/** Hands the process the package's size and answers its reads until it reports. */
function inspectExchange(source: ByteSource, options: InspectOptions): Exchange<InspectionReport | Error> {
  return (child, answer) => {
    const send = (message: ToInspector) => child.connected && child.send(message)
    const onMessage = (message: FromInspector) => {
      if (message === INSPECTOR_READY) return
      if (message.kind === 'read') {
        source.read(message.offset, message.length).then(
          (bytes) => send({ kind: 'bytes', id: message.id, bytes }),
          (error: unknown) => send({ kind: 'unreadable', id: message.id, message: (error as Error).message }),
        )
      } else if (message.kind === 'report') answer(message.report)
      else answer(new Error(`The package checker failed: ${message.message}`), false)
    }
    child.on('message', onMessage)
    send({ kind: 'inspect', size: source.size, options })
    return () => child.off('message', onMessage)
  }
}

/**
 * Inspects in child processes, one package at a time each, at most one per core at once (the
 * others wait). A process is kept for the next package unless a limit killed it. A broken limit
 * is an AppError (422); a process that did not start or stopped is an Error. `warm()` keeps one
 * started ahead of the next validation. They run at the server's priority: a validation answers
 * the request waiting for it, and its time limit already bounds what a package can cost.
 */
export function createChildInspector(spawn: SpawnInspector, limits: InspectionLimits) {
  const pool = createChildPool({ spawn, limits, readyMessage: INSPECTOR_READY })

  const inspect: Inspect = async (source, options) => {
    const outcome = await pool.run(inspectExchange(source, options))
    if ('answered' in outcome) {
      if (outcome.answered instanceof Error) throw outcome.answered
      return outcome.answered
    }
    if (!outcome.started) throw new Error(`The package checker did not start: ${lastLine(outcome.detail)}`)
    if (outcome.ended === 'time')
      throw refused(`Checking this package took longer than ${limits.timeMs / 1000} s: it was refused.`)
    if (outcome.ended === 'memory')
      throw refused(`Checking this package needed more than ${limits.heapMb} MB of memory: it was refused.`)
    throw new Error(`The package checker stopped: ${lastLine(outcome.detail)}`)
  }

  return { inspect, close: pool.close, warm: () => pool.warm() }
}
