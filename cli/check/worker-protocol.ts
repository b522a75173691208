// The messages between the pool (pool.ts) and its worker threads (worker.ts).
import type { PackageVerdict } from './verdict.ts'

/** Posted once a worker has loaded: a package's time limit starts when a ready worker takes it. */
export const WORKER_READY = 'ready'

export interface PackageInput {
  /** Where to read the package. */
  path: string
  /** How the report names it. */
  file: string
}

export interface CheckTask extends PackageInput {
  id: number
  /** The delivery targets to judge it against (ids of shared/targets/profiles). */
  targets: string[]
}

export interface CheckAnswer {
  id: number
  verdict: PackageVerdict
}
