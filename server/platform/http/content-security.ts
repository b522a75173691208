// Content-Security-Policy for the app and the sign-in pages, so injected markup can load nothing from elsewhere. Every host a policy
// names comes from configuration: the public address, the identity provider's endpoints (an
// external issuer's, from its discovery document), the upload target; nothing else is allowed.
// Creatives never run under these: previews carry their own sandboxing policy.
import type { ClientConfig } from '../../../shared/api.ts'

function origins(urls: Array<string | undefined>): string[] {
  const found = new Set<string>()
  for (const url of urls) {
    if (!url) continue
    try {
      found.add(new URL(url).origin)
    } catch {
      // Not an absolute URL: nothing to allow.
    }
  }
  return [...found]
}

const policy = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ')

export interface AppPolicySources {
  /** PUBLIC_URL: capability URLs (thumbnails, previews, downloads) are absolute on it. */
  publicUrl: string
  auth: ClientConfig['auth']
  /** Where the browser PUTs packages (the local store's route; an object store's endpoint). */
  uploadUrls: string[]
}

/**
 * The app: its own scripts only (no inline script, no eval), calls only to itself, the
 * identity provider and the upload target, frames only of previews and the provider's silent
 * sign-in, and framed by nobody. Inline styles stay allowed: the dialogs inject theirs.
 */
export function appContentSecurityPolicy(sources: AppPolicySources): string {
  const own = ["'self'", ...origins([sources.publicUrl])]
  const provider = origins([sources.auth.issuer, sources.auth.authorizationEndpoint])
  return policy({
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': [...own, 'data:', 'blob:'],
    'connect-src': [
      ...own,
      ...origins([
        sources.auth.issuer,
        sources.auth.tokenEndpoint,
        sources.auth.jwksUri,
        ...sources.uploadUrls,
      ]),
    ],
    'frame-src': [...own, ...provider],
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': [...own, ...provider],
    'frame-ancestors': ["'none'"],
  })
}

export interface LoginPolicySources {
  publicUrl: string
  /** Where a signed-in or signed-out browser is sent (the app's callback and logout page). */
  redirectUrls: string[]
  /** sha256 hashes (base64) of the pages' own inline script and style. */
  scriptHashes: string[]
  styleHashes: string[]
}

/**
 * The embedded provider's pages: nothing but their own inline style and script (by hash), a
 * form that posts to the provider and is redirected to the app, and framed by nobody (the
 * silent sign-in answer, web_message, lifts frame-ancestors itself and posts only to the app).
 */
export function loginContentSecurityPolicy(sources: LoginPolicySources): string {
  const hashes = (list: string[]) => list.map((hash) => `'sha256-${hash}'`)
  return policy({
    'default-src': ["'none'"],
    'script-src': hashes(sources.scriptHashes),
    'style-src': hashes(sources.styleHashes),
    'img-src': ["'self'", 'data:'],
    'form-action': ["'self'", ...origins([sources.publicUrl, ...sources.redirectUrls])],
    'base-uri': ["'none'"],
    'frame-ancestors': ["'none'"],
  })
}
