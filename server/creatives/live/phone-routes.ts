// What a phone reaches with a live session's link, without signing in: the creative under the
// link's own path, with the secret for our MRAID host (capability-preview.ts: it ends with the
// session), and where that host posts its lines. Nothing here reveals the package's own paths. The creative runs
// sandboxed (an opaque origin), so the post is a CORS request; text/plain keeps it simple (no
// preflight).
import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { LIVE_LIMITS, LIVE_PARAM } from '../../../shared/live/live-session.ts'
import type { Services } from '../../actions/define-action.ts'
import { AppError } from '../../platform/errors.ts'
import { readJsonBody } from '../../platform/http/json-body.ts'
import { createCapabilityPreview } from '../preview/capability-preview.ts'
import { openSessionOfSecret } from './find-live-session.ts'
import { recordLiveLines } from './record-live-lines.ts'

const NOT_CACHED = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }
const ANY_ORIGIN = { 'Access-Control-Allow-Origin': '*' }

export function createLivePhoneRoutes(services: Services) {
  const { db } = services
  return new Hono()
    .route(
      '/',
      createCapabilityPreview(services.packageFiles, async (secret) => {
        const session = await openSessionOfSecret(db, secret, services.now())
        return { packageUuid: session.packageUuid, entryQuery: { [LIVE_PARAM]: secret } }
      }),
    )
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
