// What a process answers over HTTP, by its role: a worker answers its health and readiness (for
// the load balancer's or the orchestrator's checks) and nothing else, so that nobody reaches a
// node whose cores belong to background work. Its renderer still reads the previews through
// the app itself, without a socket.
import { BASE_PATH } from '../../../shared/constants.ts'
import { SERVER_MOUNTS } from '../../../shared/paths.ts'
import type { ServerRole } from './config.ts'

type Fetch = (request: Request) => Response | Promise<Response>

const CHECKS = new Set([`${BASE_PATH}${SERVER_MOUNTS.health}`, `${BASE_PATH}${SERVER_MOUNTS.ready}`])

export function servedByRole(role: ServerRole, fetch: Fetch): Fetch {
  if (role !== 'worker') return fetch
  return (request) =>
    CHECKS.has(new URL(request.url).pathname)
      ? fetch(request)
      : Response.json({ message: 'Not found: this process only runs background work' }, { status: 404 })
}
