// The paths the client and the server both build (client routes, links, capability URLs, what
// the server mounts), in one place; server/app.ts mounts each below BASE_PATH, and the dev
// server proxies each to it (vite.config.ts).
import { BASE_PATH } from './constants.ts'

/** Client routes, relative to BASE_PATH (wouter's base). */
export const ROUTES = {
  root: '/',
  main: '/main',
  login: '/login',
  validateToken: '/validate-token',
  workbench: '/workbench/:uuid',
  // Beside the spec's screens, which leave out people and access: a member's account, an admin's
  // team and audit log.
  account: '/account',
  team: '/team',
  auditLog: '/audit-log',
  tokens: '/tokens',
  /** Two versions of a package side by side (?a=uuid&b=uuid). */
  compare: '/compare',
  /** A review link's page: no account, the link is the access. */
  review: '/review/:secret',
} as const

/** The QA workbench of one package (a client route). */
export const workbenchRoute = (uuid: string) => ROUTES.workbench.replace(':uuid', encodeURIComponent(uuid))

/**
 * What the server answers below BASE_PATH; every other path there is the client. Each is
 * mounted once in server/app.ts, and `npm run dev` proxies each of them to the server.
 */
export const SERVER_MOUNTS = {
  api: '/api',
  trpc: '/trpc',
  oidc: '/oidc',
  upload: '/files/upload',
  download: '/files/packages',
  thumbnail: '/files/thumbnails',
  preview: '/preview',
  /** A live session's link and where a phone posts (capability URLs: the link itself is the access). */
  live: '/live',
  /** What a review page calls and the ads it shows (capability URLs: the link's secret is the access). */
  reviews: '/reviews',
  clientConfig: '/client-config.json',
  openApi: '/openapi.json',
  health: '/health',
  ready: '/ready',
} as const

/** The REST calls (the product spec's and ours), below SERVER_MOUNTS.api (`:name` is a path parameter). */
export const REST = {
  packages: '/packages',
  package: '/packages/:uuid',
  restorePackage: '/packages/:uuid/restore',
  undoReplace: '/packages/:uuid/undo-replace',
  packageTargets: '/packages/:uuid/targets',
  inspectTargets: '/targets/inspect',
  uploadUrl: '/upload/get-package-upload-url',
  validateUpload: '/upload/validate-package-upload/:uuid',
  audit: '/audit',
  liveStream: '/live/:id/stream',
  reviewLinks: '/reviews',
  reviewLink: '/reviews/:id',
  reviewStates: '/reviews/states',
  reviewFeedback: '/reviews/feedback',
} as const

/** Server paths the client and the server both build, absolute (they include BASE_PATH). */
export const API = {
  trpc: `${BASE_PATH}${SERVER_MOUNTS.trpc}`,
  clientConfig: `${BASE_PATH}${SERVER_MOUNTS.clientConfig}`,
  /** Capability URLs a browser opens without a bearer header. */
  download: (uuid: string, filename: string) =>
    `${BASE_PATH}${SERVER_MOUNTS.download}/${encodeURIComponent(uuid)}/${encodeURIComponent(filename)}`,
  thumbnail: (uuid: string) => `${BASE_PATH}${SERVER_MOUNTS.thumbnail}/${encodeURIComponent(uuid)}`,
  preview: (uuid: string, entry = 'index.html') =>
    `${BASE_PATH}${SERVER_MOUNTS.preview}/${encodeURIComponent(uuid)}/${entry}`,
  /** What a review page calls: its view, comments, decisions, password (below the link's secret). */
  review: (secret: string, call = '') =>
    `${BASE_PATH}${SERVER_MOUNTS.reviews}/${encodeURIComponent(secret)}${call}`,
  /** An ad on a review page, under the link's own path: it ends when the link does. */
  reviewFiles: (secret: string, key: string, versionId: string, entry = 'index.html') =>
    `${BASE_PATH}${SERVER_MOUNTS.reviews}/${encodeURIComponent(secret)}/files/${encodeURIComponent(key)}/${encodeURIComponent(versionId)}/${entry}`,
} as const

/** The compare page for a version, with another (else the newest other version of its name). */
export const compareRoute = (a: string, b?: string) =>
  `${ROUTES.compare}?${new URLSearchParams(b ? { a, b } : { a })}`

/** A review link as the sharer hands it out: the client's review page. */
export const reviewPage = (secret: string) => `${BASE_PATH}${ROUTES.review.replace(':secret', secret)}`

/** `index_url?raw=1`: the entry HTML byte for byte, without the MRAID host placed first. */
export const PREVIEW_RAW_PARAM = 'raw'
