// The built client (Vite's dist/client) under BASE_PATH: hashed assets cached for good,
// index.html never cached, and every other path answered with index.html so the client's
// router can show it (or its 404 page).
import fsp from 'node:fs/promises'
import path from 'node:path'
import type { Context } from 'hono'
import { PRODUCT } from '../../../shared/constants.ts'
import { contentTypeOf } from './content-type.ts'

/** `contentSecurityPolicy` goes on the app's page (server/platform/http/content-security.ts). */
export function createStaticClient(clientDir: string, contentSecurityPolicy: string) {
  const root = path.resolve(clientDir)
  const indexFile = path.join(root, 'index.html')
  const missing = `<!doctype html><meta charset="utf-8"><title>${PRODUCT}</title>
<p>The client is not built: run <code>npm run build</code> (or <code>npm start</code>, which builds it).</p>`

  return async (c: Context, relativePath: string): Promise<Response> => {
    const file = path.resolve(root, `.${path.posix.normalize(`/${relativePath}`)}`)
    if (file.startsWith(root + path.sep) && file !== indexFile) {
      const stat = await fsp.stat(file).catch(() => undefined)
      if (stat?.isFile()) {
        const hashed = relativePath.startsWith('assets/')
        return c.body(await fsp.readFile(file), 200, {
          'Content-Type': contentTypeOf(file),
          'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
        })
      }
      if (relativePath.startsWith('assets/')) return c.text('Not found', 404)
    }
    const html = await fsp.readFile(indexFile, 'utf8').catch(() => missing)
    return c.html(html, 200, {
      'Cache-Control': 'no-cache',
      'Referrer-Policy': 'no-referrer',
      'Content-Security-Policy': contentSecurityPolicy,
      'X-Frame-Options': 'DENY',
    })
  }
}
