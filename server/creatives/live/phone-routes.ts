// What a phone reaches with a live session's link, without signing in: the link itself (a
// redirect to the package's preview with the secret for our MRAID host) and where that host
// posts its lines. Nothing here reveals anything but that one preview. The creative runs
// sandboxed (an opaque origin), so the post is a CORS request; text/plain keeps it simple (no
// preflight).
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { LIVE_LIMITS, LIVE_PARAM } from '../../../shared/live/live-session.ts'
import { API } from '../../../shared/paths.ts'
import type { Services } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import { readJsonBody } from '../../platform/http/json-body.ts'
import { LIVE_MESSAGES, openSessionOfSecret } from './find-live-session.ts'
import { recordLiveLines } from './record-live-lines.ts'

const NOT_CACHED = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }
const ANY_ORIGIN = { 'Access-Control-Allow-Origin': '*' }

export function createLivePhoneRoutes(services: Services) {
  const { db } = services
  return new Hono()
    .get('/:secret', async (c) => {
      const session = await openSessionOfSecret(db, c.req.param('secret'), services.now())
      const { packages } = db.tables
      const [pkg] = await db.orm
        .select({ uuid: packages.uuid })
        .from(packages)
        .where(eq(packages.uuid, session.packageUuid))
      if (!pkg) throw new AppError('GONE', LIVE_MESSAGES.gone)
      const target = `${API.preview(pkg.uuid)}?${new URLSearchParams({ [LIVE_PARAM]: c.req.param('secret') })}`
      return c.redirect(target, 302)
    })
    .post(
      '/:secret/lines',
      // The secret first: a stranger's post is refused before a byte of its body is waited for.
      async (c, next) => {
        await openSessionOfSecret(db, c.req.param('secret'), services.now())
        await next()
      },
      bodyLimit({
        maxSize: LIVE_LIMITS.bytesPerPost,
        onError: () => {
          throw new AppError(
            'PAYLOAD_TOO_LARGE',
            `A post of lines is at most ${LIVE_LIMITS.bytesPerPost} bytes.`,
          )
        },
      }),
      async (c) => {
        c.header('Access-Control-Allow-Origin', '*')
        const taken = await recordLiveLines(services, c.req.param('secret'), await readJsonBody(c.req.raw))
        return c.json({ taken }, 200, { ...NOT_CACHED, ...ANY_ORIGIN })
      },
    )
}
