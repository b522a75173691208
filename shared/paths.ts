// The paths the client and the server both build (client routes, links, capability URLs), in one
// place; the server mounts its routes relative to BASE_PATH in server/app.ts.
import { BASE_PATH } from './constants.ts'

/** Client routes, relative to BASE_PATH (wouter's base). */
export const ROUTES = {
  root: '/',
  main: '/main',
  login: '/login',
  validateToken: '/validate-token',
  workbench: '/workbench/:uuid',
  // Beside the spec's screens (issue #21): a member's account, an admin's team and audit log.
  account: '/account',
  team: '/team',
  auditLog: '/audit-log',
} as const

/** Server paths the client and the server both build, absolute (they include BASE_PATH). */
export const API = {
  trpc: `${BASE_PATH}/trpc`,
  clientConfig: `${BASE_PATH}/client-config.json`,
  /** Capability URLs a browser opens without a bearer header. */
  download: (uuid: string, filename: string) =>
    `${BASE_PATH}/files/packages/${encodeURIComponent(uuid)}/${encodeURIComponent(filename)}`,
  thumbnail: (uuid: string) => `${BASE_PATH}/files/thumbnails/${encodeURIComponent(uuid)}`,
  preview: (uuid: string, entry = 'index.html') =>
    `${BASE_PATH}/preview/${encodeURIComponent(uuid)}/${entry}`,
} as const

/** `index_url?raw=1`: the entry HTML byte for byte, without the MRAID host placed first. */
export const PREVIEW_RAW_PARAM = 'raw'
