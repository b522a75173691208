// The entry of an inspecting process started from the source tree or from dist/server (see
// inspect-in-child.ts); the single executable starts itself with INSPECT_WORKER_ARG instead.
import { serveInspection } from './inspect-worker.ts'

serveInspection()
