// The whole HTTP surface on one Hono app, importable without listening (tests use
// app.request()). server/main.ts is the only file that listens.
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { ClientConfig } from '../shared/api.ts'
import { BASE_PATH, TRPC_MAX_BATCH_SIZE } from '../shared/constants.ts'
import { API, SERVER_MOUNTS as MOUNT, REST } from '../shared/paths.ts'
import type { Services } from './actions/define-action.ts'
import { createApiRoutes } from './api/rest/api.ts'
import { buildOpenApiDocument } from './api/rest/openapi/document.ts'
import { createContextInner, trpcErrorAnswer } from './api/trpc/init.ts'
import { appRouter } from './api/trpc/router.ts'
import { createLivePhoneRoutes } from './creatives/live/phone-routes.ts'
import { createLiveStreamRoutes } from './creatives/live/stream-route.ts'
import { createDownloadRoutes } from './creatives/packages/download-route.ts'
import type { createPreviewRoutes } from './creatives/preview/routes.ts'
import { createReviewRoutes } from './creatives/reviews/review-routes.ts'
import { createThumbnailRoutes } from './creatives/thumbnails/routes.ts'
import { type Authenticate, type AuthVariables, requireUser } from './identity/access/bearer.ts'
import { createMemberLinkPages } from './identity/team/link-pages.ts'
import { LINK_PAGES } from './identity/team/member-links.ts'
import { AppError } from './platform/errors.ts'
import type { Readiness } from './platform/health/readiness.ts'
import { createHealthRoutes } from './platform/health/routes.ts'
import { redactCapabilities, requestLog } from './platform/http/access-log.ts'
import { appContentSecurityPolicy } from './platform/http/content-security.ts'
import { errorAnswer } from './platform/http/error-answer.ts'
import { createStaticClient } from './platform/http/static-client.ts'
import { logger } from './platform/log/logger.ts'
import { requestContext } from './platform/log/request-context.ts'

export interface IdentityProviderHandler {
  /** Answers every request under `${BASE_PATH}${MOUNT.oidc}`. */
  handle(c: Context): Promise<Response>
}

export interface AppDeps {
  services: Services
  authenticate: Authenticate
  clientConfig: ClientConfig
  clientDir: string
  preview: ReturnType<typeof createPreviewRoutes>
  identityProvider?: IdentityProviderHandler
  logRequests?: boolean
  readiness: () => Promise<Readiness>
}

const UPLOAD_PATH = `${BASE_PATH}${MOUNT.upload}`
const INSPECT_PATH = `${BASE_PATH}${MOUNT.api}${REST.inspectTargets}`

/** The two requests whose body is a package (capped like an upload, received at the client's pace). */
export const carriesPackage = (method: string, path: string) =>
  (method === 'PUT' && (path === UPLOAD_PATH || path === `${UPLOAD_PATH}/`)) ||
  (method === 'POST' && path === INSPECT_PATH)

/** Paths whose next segment is a secret that grants access by itself (kept out of logs). */
const CAPABILITY_PREFIXES = [
  `${BASE_PATH}${MOUNT.live}/`,
  ...Object.values(LINK_PAGES).map((page) => `${BASE_PATH}${MOUNT.oidc}${page}/`),
]

export function createApp(deps: AppDeps) {
  const app = new Hono<{ Variables: AuthVariables }>()
  const serveClient = createStaticClient(
    deps.clientDir,
    appContentSecurityPolicy({
      publicUrl: deps.services.config.publicUrl,
      auth: deps.clientConfig.auth,
      uploadUrls: [deps.services.blobs.uploadUrl],
    }),
  )

  app.use(requestContext())
  if (deps.logRequests) app.use(requestLog(CAPABILITY_PREFIXES))
  app.use(async (c, next) => {
    await next()
    // The embedded provider writes its own answers straight to the socket.
    if (c.res !== RESPONSE_ALREADY_SENT) c.header('X-Content-Type-Options', 'nosniff')
  })

  app.onError((error, c) => {
    const answer = errorAnswer(error)
    if (answer.unexpected)
      logger.error(
        { err: error, method: c.req.method, path: redactCapabilities(c.req.path, CAPABILITY_PREFIXES) },
        'The request failed',
      )
    if (answer.status === 401) c.header('WWW-Authenticate', 'Bearer')
    return c.json(answer.body, answer.status as 500)
  })
  app.notFound((c) => c.json({ message: 'Not found' }, 404))

  app.get('/', (c) => c.redirect(`${BASE_PATH}/`))
  app.get(BASE_PATH, (c) => c.redirect(`${BASE_PATH}/`))

  const base = new Hono<{ Variables: AuthVariables }>()
  base.route('/', createHealthRoutes(deps.readiness))
  base.get(MOUNT.clientConfig, (c) => c.json(deps.clientConfig, 200, { 'Cache-Control': 'no-cache' }))
  const openApiDocument = buildOpenApiDocument(deps.services.config.appUrl)
  base.get(MOUNT.openApi, (c) => c.json(openApiDocument, 200, { 'Cache-Control': 'no-cache' }))

  // JSON calls and forms are small; only the signed PUT carries a package (capped by its URL),
  // and the inspect-only call (capped by its handler at the upload's size).
  const smallBody = bodyLimit({
    maxSize: 64 * 1024,
    onError: () => {
      throw new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.')
    },
  })
  // The inspect call carries a package (capped like an upload), not a small JSON body.
  base.use(`${MOUNT.api}/*`, (c, next) =>
    carriesPackage(c.req.method, c.req.path) ? next() : smallBody(c, next),
  )
  // Under the provider's mount, only the forms read here (the sign-in form, the member link
  // pages) are capped. The provider's own endpoints (sign-out confirmation, token...) read the
  // Node request themselves, capped at 56 KB, after an awaited session lookup; bodyLimit would
  // open the body as a web stream that drains the Node request meanwhile, and with a database
  // round trip in between (PostgreSQL) the sign-out form reached the provider empty.
  const formsReadHere = ['/interaction', ...Object.values(LINK_PAGES)].map((page) => `${MOUNT.oidc}${page}/*`)
  for (const path of [`${MOUNT.trpc}/*`, ...formsReadHere]) base.use(path, smallBody)
  // What a token or a session sees is nobody else's, and a deleted package must not stay in a
  // browser's cache: no API answer is stored, success or error.
  for (const path of [`${MOUNT.api}/*`, `${MOUNT.trpc}/*`])
    base.use(path, async (c, next) => {
      await next()
      c.header('Cache-Control', 'no-store')
    })
  base.use(`${MOUNT.api}/*`, requireUser(deps.authenticate, deps.services.config.http.trustedProxies))
  base.route(MOUNT.api, createApiRoutes(deps.services))
  base.route(MOUNT.api, createLiveStreamRoutes(deps.services))

  base.use(`${MOUNT.trpc}/*`, requireUser(deps.authenticate, deps.services.config.http.trustedProxies))
  base.all(`${MOUNT.trpc}/*`, (c) =>
    fetchRequestHandler({
      endpoint: API.trpc,
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      req: c.req.raw,
      router: appRouter,
      createContext: () => createContextInner({ services: deps.services, user: c.var.user }),
      // One failed call answers the status REST would; a batch with several keeps tRPC's 207.
      responseMeta: ({ errors }) =>
        errors.length === 1 && errors[0] ? { status: trpcErrorAnswer(errors[0]).status } : {},
      onError: ({ error }) => {
        if (trpcErrorAnswer(error).unexpected)
          logger.error({ err: error.cause ?? error }, 'A tRPC call failed')
      },
    }),
  )

  const uploadRoutes = deps.services.blobs.uploadRoutes
  if (uploadRoutes) base.route(MOUNT.upload, uploadRoutes)
  base.route(MOUNT.download, createDownloadRoutes(deps.services))
  base.route(MOUNT.thumbnail, createThumbnailRoutes(deps.services))
  base.route(MOUNT.preview, deps.preview)
  base.route(MOUNT.live, createLivePhoneRoutes(deps.services))
  base.route(MOUNT.reviews, createReviewRoutes(deps.services))

  const identityProvider = deps.identityProvider
  if (identityProvider) {
    // The pages behind an invitation or a password-reset link, beside the provider's own.
    if (deps.services.members) base.route(MOUNT.oidc, createMemberLinkPages(deps.services))
    base.all(`${MOUNT.oidc}/*`, (c) => identityProvider.handle(c))
  }
  base.all(`${MOUNT.api}/*`, (c) => c.json({ message: 'Not found' }, 404))
  base.get('/*', (c) => serveClient(c, c.req.path.slice(BASE_PATH.length + 1)))

  app.route(BASE_PATH, base)
  return app
}

export type App = ReturnType<typeof createApp>
