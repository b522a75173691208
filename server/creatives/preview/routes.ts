// index_url: a package's entry HTML and its files under the package's permanent path
// (package-files.ts says what each answer holds).
import { Hono } from 'hono'
import { type PackageFiles, pathBelow } from './package-files.ts'

export function createPreviewRoutes(files: PackageFiles) {
  const routes = new Hono()
    // Relative asset URLs resolve against the folder, so the folder needs its trailing slash.
    .get('/:uuid', (c) => c.redirect(`${c.req.path}/`, 301))
    .get('/:uuid/*', async (c) => {
      const uuid = c.req.param('uuid')
      const relative = pathBelow(c, `/${encodeURIComponent(uuid)}/`)
      return files.answer(c, uuid, relative, 'public, max-age=31536000, immutable')
    })
  return routes
}
