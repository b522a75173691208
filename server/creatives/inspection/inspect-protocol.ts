// The messages between the server and an inspecting process (inspect-in-child.ts, inspect-worker.ts).
// The process has no storage of its own: it reads the package's bytes from the server, range by
// range, so any storage driver works and the whole zip never crosses at once.
import type { InspectionReport, InspectOptions } from '../../../shared/inspector/inspect.ts'

/** Sent once the process has loaded: the time limit starts when a ready process takes the package. */
export const INSPECTOR_READY = 'ready'

export type ToInspector =
  | { kind: 'inspect'; size: number; options: InspectOptions }
  | { kind: 'bytes'; id: number; bytes: Uint8Array }
  | { kind: 'unreadable'; id: number; message: string }

export type FromInspector =
  | typeof INSPECTOR_READY
  | { kind: 'read'; id: number; offset: number; length: number }
  | { kind: 'report'; report: InspectionReport }
  | { kind: 'failed'; message: string }
