// What a review page reaches without an account, below the link's secret: its view, the
// password's key, comments, decisions, and the ads themselves under the link's own path (so
// nothing it hands out outlives the link: no package uuid path, no download). The secret and the
// key are checked before any body is read; answers are never cached.
import { type Context, Hono, type Next } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { REVIEW_KEY_HEADER } from '../../../shared/review.ts'
import type { Services } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import { requestAddress } from '../../platform/http/client-address.ts'
import { readJsonBody } from '../../platform/http/json-body.ts'
import { pathBelow } from '../preview/package-files.ts'
import { commentOnReview } from './comment-on-review.ts'
import { decideOnReview } from './decide-on-review.ts'
import { openReview } from './open-review.ts'
import { type ReviewLinkRow, unlockedLink } from './review-access.ts'
import { servedVersion } from './served-version.ts'
import { unlockReview } from './unlock-review.ts'

const NOT_CACHED = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }

const smallBody = bodyLimit({
  maxSize: 8 * 1024,
  onError: () => {
    throw new AppError('PAYLOAD_TOO_LARGE', 'The request body is too large.')
  },
})

export function createReviewRoutes(services: Services) {
  const { db } = services
  const address = (c: Context) => requestAddress(c, services.config.http.trustedProxies)
  const unlocked = (c: {
    req: { param(name: 'secret'): string; header(name: string): string | undefined }
  }) => unlockedLink(db, c.req.param('secret'), c.req.header(REVIEW_KEY_HEADER), services.now())

  type Env = { Variables: { link: ReviewLinkRow } }
  // A reviewer's post: the link and its key first, then a small body.
  const said = [
    async (c: Context<Env>, next: Next) => {
      c.set('link', await unlocked(c))
      await next()
    },
    smallBody,
  ] as const

  return (
    new Hono<Env>()
      .get('/:secret', async (c) => {
        const link = await unlocked(c)
        return c.json(await openReview(services, link, c.req.param('secret')), 200, NOT_CACHED)
      })
      .post('/:secret/unlock', smallBody, async (c) =>
        c.json(
          await unlockReview(services, c.req.param('secret'), address(c), await readJsonBody(c.req.raw)),
          200,
          NOT_CACHED,
        ),
      )
      .post('/:secret/comments', ...said, async (c) =>
        c.json(
          await commentOnReview(services, c.var.link, address(c), await readJsonBody(c.req.raw)),
          200,
          NOT_CACHED,
        ),
      )
      .post('/:secret/decisions', ...said, async (c) =>
        c.json(
          await decideOnReview(services, c.var.link, address(c), await readJsonBody(c.req.raw)),
          200,
          NOT_CACHED,
        ),
      )
      // Relative asset URLs resolve against the folder, so the folder needs its trailing slash.
      .get('/:secret/files/:key/:version', (c) => c.redirect(`${c.req.path}/`, 301))
      .get('/:secret/files/:key/:version/*', async (c) => {
        const link = await unlockedLink(db, c.req.param('secret'), c.req.param('key'), services.now())
        const version = c.req.param('version')
        const pkg = await servedVersion(services, link, version)
        const relative = pathBelow(
          c,
          `/files/${encodeURIComponent(c.req.param('key'))}/${encodeURIComponent(version)}/`,
        )
        // The files of the version found above, current or replaced, not whatever holds its uuid now.
        return services.packageFiles.answer(c, pkg.uuid, relative, 'no-store', async () => pkg)
      })
  )
}
