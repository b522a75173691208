// index_url: a package's entry HTML with our mraid.js placed first (sdk-injection.ts; byte for
// byte with ?raw=1) and its files beside it, straight out of the stored zip, plus our MRAID host
// for any `mraid.js` the package does not carry (a phone's SDK answers its own). Every answer is sandboxed by CSP without allow-same-origin, so a creative
// never runs with the app's origin: it cannot read the app's storage or call the API as the user.
import { Hono } from 'hono'
import { MESSAGES } from '../../../shared/constants.ts'
import { PREVIEW_RAW_PARAM } from '../../../shared/paths.ts'
import { ZipFormatError } from '../../../shared/zip/zip-reader.ts'
import type { Database } from '../../platform/db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { contentTypeOf } from '../../platform/http/content-type.ts'
import { findPackage } from '../packages/find-package.ts'
import type { ArchiveCache } from './archive-cache.ts'
import { createEntryAnswer } from './entry-answer.ts'

export const PREVIEW_CSP =
  'sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms allow-pointer-lock allow-modals'

const PREVIEW_HEADERS = {
  'Content-Security-Policy': PREVIEW_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Referrer-Policy': 'no-referrer',
}

// A browser asks again at every use (a 304 while the package lives, 404 once it is deleted), so
// a delete ends access at once; a shared cache in front (the nginx example's proxy_cache) may
// answer for a minute without asking, which bounds a deleted package's life there.
const PREVIEW_CACHING = 'public, max-age=0, must-revalidate, s-maxage=60'

export interface PreviewRoutesDeps {
  db: Database
  archives: ArchiveCache
  /** The bundled MRAID host (mraid-host/); undefined when the client is not built. */
  mraidHost: string | undefined
}

export function createPreviewRoutes(deps: PreviewRoutesDeps) {
  const { archives, mraidHost } = deps
  const answerEntry = createEntryAnswer({ archives })

  const routes = new Hono()
    // Relative asset URLs resolve against the folder, so the folder needs its trailing slash.
    .get('/:uuid', (c) => c.redirect(`${c.req.path}/`, 301))
    .get('/:uuid/*', async (c) => {
      const uuid = c.req.param('uuid')
      const prefix = `/${encodeURIComponent(uuid)}/`
      const requestPath = new URL(c.req.url).pathname
      let relative: string
      try {
        relative = decodeURIComponent(requestPath.slice(requestPath.indexOf(prefix) + prefix.length))
      } catch {
        return c.text('Not found', 404, PREVIEW_HEADERS)
      }
      const pkg = await archives.get(uuid, () => findPackage(deps.db, uuid))
      if (!pkg) throw new AppError('NOT_FOUND', MESSAGES.packageNotFound)
      const wanted = relative === '' ? pkg.entry : pkg.root + relative
      const entry = pkg.archive.get(wanted)
      if (!entry || entry.isDirectory) {
        if (wanted.endsWith('mraid.js')) {
          if (mraidHost === undefined)
            return c.text('The MRAID host is not built: run npm run build', 503, PREVIEW_HEADERS)
          return c.body(mraidHost, 200, {
            ...PREVIEW_HEADERS,
            'Content-Type': 'text/javascript; charset=utf-8',
            'Cache-Control': 'no-cache',
          })
        }
        return c.text('Not found', 404, PREVIEW_HEADERS)
      }
      try {
        return await answerEntry(
          c,
          pkg,
          entry,
          {
            ...PREVIEW_HEADERS,
            'Content-Type': contentTypeOf(entry.path),
            'Cache-Control': PREVIEW_CACHING,
          },
          { injectSdk: entry.path === pkg.entry && c.req.query(PREVIEW_RAW_PARAM) !== '1' },
        )
      } catch (error) {
        if (error instanceof ZipFormatError) throw new AppError('UNPROCESSABLE_CONTENT', error.message)
        throw error
      }
    })
  return routes
}
