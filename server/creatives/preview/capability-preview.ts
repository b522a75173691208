// A package's creative under a path that is itself a capability (a live session's link; a
// review link the same way): `{link}` redirects to `{link}/ad/`, and every file of the creative
// is served below it for as long as the capability opens, with nothing cached, so ending the
// link or deleting the package ends what it shows at once. Nothing it answers names the package:
// holding the link is never holding the package's permanent preview or download path.
import { Hono } from 'hono'
import { type PackageFiles, pathBelow } from './package-files.ts'

/** The folder below a capability's path that holds the creative's files. */
export const CAPABILITY_AD_FOLDER = 'ad'

export interface OpenedCapability {
  /** The package it shows. */
  packageUuid: string
  /** Query parameters the entry HTML's URL carries (read by our MRAID host). */
  entryQuery?: Record<string, string>
}

/**
 * Routes for `/:secret` and `/:secret/ad/*` (the secret is the capability); `open` throws an AppError (410, 404) for a
 * capability that does not open, and is asked on every request.
 */
export function createCapabilityPreview(
  files: PackageFiles,
  open: (secret: string) => Promise<OpenedCapability>,
) {
  return new Hono()
    .get('/:secret', async (c) => {
      const opened = await open(c.req.param('secret'))
      const query = opened.entryQuery ? `?${new URLSearchParams(opened.entryQuery)}` : ''
      c.header('Cache-Control', 'no-store')
      c.header('Referrer-Policy', 'no-referrer')
      return c.redirect(`${c.req.path}/${CAPABILITY_AD_FOLDER}/${query}`, 302)
    })
    .get(`/:secret/${CAPABILITY_AD_FOLDER}/*`, async (c) => {
      const secret = c.req.param('secret')
      const opened = await open(secret)
      const relative = pathBelow(c, `/${encodeURIComponent(secret)}/${CAPABILITY_AD_FOLDER}/`)
      return files.answer(c, opened.packageUuid, relative, 'no-store')
    })
}
