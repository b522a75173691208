// The checking process started from the source tree (npx, tests): see worker-loop.ts.
import { serveChecks } from './worker-loop.ts'

serveChecks()
