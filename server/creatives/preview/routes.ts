// index_url: a package's entry HTML and its files under the package's permanent path
// (package-files.ts says what each answer holds).
import { Hono } from 'hono'
import { type PackageFiles, pathBelow } from './package-files.ts'

// A browser asks again at every use (a 304 while the package lives, 404 once it is deleted), so
// a delete ends access at once; a shared cache in front (the nginx example's proxy_cache) may
// answer for a minute without asking, which bounds a deleted package's life there.
const PREVIEW_CACHING = 'public, max-age=0, must-revalidate, s-maxage=60'

export function createPreviewRoutes(files: PackageFiles) {
  const routes = new Hono()
    // Relative asset URLs resolve against the folder, so the folder needs its trailing slash.
    .get('/:uuid', (c) => c.redirect(`${c.req.path}/`, 301))
    .get('/:uuid/*', async (c) => {
      const uuid = c.req.param('uuid')
      const relative = pathBelow(c, `/${encodeURIComponent(uuid)}/`)
      return files.answer(c, uuid, relative, PREVIEW_CACHING)
    })
  return routes
}
