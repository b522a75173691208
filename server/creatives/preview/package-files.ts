// One file of a package's creative as a browser gets it, whatever path it came by: index_url's
// permanent one (routes.ts) or a capability's (capability-preview.ts). The entry HTML gets our
// mraid.js first (sdk-injection.ts; byte for byte with ?raw=1), its files come straight out of
// the stored zip, and our MRAID host answers any `mraid.js` the package does not carry (a
// phone's SDK answers its own). Every answer is sandboxed by CSP without allow-same-origin, so a
// creative never runs with the app's origin: it cannot read the app's storage or call the API
// as the user.
import type { Context } from 'hono'
import { MESSAGES } from '../../../shared/constants.ts'
import { PREVIEW_RAW_PARAM } from '../../../shared/paths.ts'
import { ZipFormatError } from '../../../shared/zip/zip-reader.ts'
import type { Database } from '../../platform/db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { contentTypeOf } from '../../platform/http/content-type.ts'
import { findPackage } from '../packages/find-package.ts'
import type { ArchiveCache, PackageLocation } from './archive-cache.ts'
import { createEntryAnswer } from './entry-answer.ts'

export const PREVIEW_CSP =
  'sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox allow-forms allow-pointer-lock allow-modals'

const PREVIEW_HEADERS = {
  'Content-Security-Policy': PREVIEW_CSP,
  'X-Content-Type-Options': 'nosniff',
  'Cross-Origin-Resource-Policy': 'cross-origin',
  'Referrer-Policy': 'no-referrer',
}

export interface PackageFilesDeps {
  db: Database
  archives: ArchiveCache
  /** The bundled MRAID host (mraid-host/); undefined when the client is not built. */
  mraidHost: string | undefined
}

export type PackageFiles = ReturnType<typeof createPackageFiles>

/** The path below `prefix` in the request's path, decoded; undefined when it does not decode. */
export function pathBelow(c: Context, prefix: string): string | undefined {
  const requestPath = new URL(c.req.url).pathname
  try {
    return decodeURIComponent(requestPath.slice(requestPath.indexOf(prefix) + prefix.length))
  } catch {
    return undefined
  }
}

export function createPackageFiles(deps: PackageFilesDeps) {
  const { archives, mraidHost } = deps
  const answerEntry = createEntryAnswer({ archives })
  return {
    /**
     * `relative` of package `uuid` ('' is its entry HTML), with `cacheControl` on a file found;
     * `locate` finds its files when they are not a current package's (a review link's earlier version).
     */
    async answer(
      c: Context,
      uuid: string,
      relative: string | undefined,
      cacheControl: string,
      locate: () => Promise<PackageLocation | undefined> = () => findPackage(deps.db, uuid),
    ) {
      if (relative === undefined) return c.text('Not found', 404, PREVIEW_HEADERS)
      const pkg = await archives.get(uuid, locate)
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
          { ...PREVIEW_HEADERS, 'Content-Type': contentTypeOf(entry.path), 'Cache-Control': cacheControl },
          { injectSdk: entry.path === pkg.entry && c.req.query(PREVIEW_RAW_PARAM) !== '1' },
        )
      } catch (error) {
        if (error instanceof ZipFormatError) throw new AppError('UNPROCESSABLE_CONTENT', error.message)
        throw error
      }
    },
  }
}
