// One table of paths, so that no component or handler spells a route by hand.
import { BASE_PATH } from './constants.ts'

/** Client routes, relative to BASE_PATH (wouter's base). */
export const ROUTES = {
  root: '/',
  main: '/main',
  login: '/login',
  validateToken: '/validate-token',
  workbench: '/workbench/:uuid',
} as const

/** Server paths, absolute (they include BASE_PATH). */
export const API = {
  packages: `${BASE_PATH}/api/packages`,
  package: (uuid: string) => `${BASE_PATH}/api/packages/${encodeURIComponent(uuid)}`,
  uploadUrl: `${BASE_PATH}/api/upload/get-package-upload-url`,
  validateUpload: (uuid: string) =>
    `${BASE_PATH}/api/upload/validate-package-upload/${encodeURIComponent(uuid)}`,
  trpc: `${BASE_PATH}/trpc`,
  clientConfig: `${BASE_PATH}/client-config.json`,
  health: `${BASE_PATH}/health`,
  oidc: `${BASE_PATH}/oidc`,
  /** Signed PUT target of the local blob store. */
  blobPut: `${BASE_PATH}/files/upload`,
  /** Capability URLs a browser opens without a bearer header. */
  download: (uuid: string, filename: string) =>
    `${BASE_PATH}/files/packages/${encodeURIComponent(uuid)}/${encodeURIComponent(filename)}`,
  thumbnail: (uuid: string) => `${BASE_PATH}/files/thumbnails/${encodeURIComponent(uuid)}`,
  preview: (uuid: string, entry = 'index.html') =>
    `${BASE_PATH}/preview/${encodeURIComponent(uuid)}/${entry}`,
} as const
