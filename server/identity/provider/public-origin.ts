// The embedded provider's URLs come from PUBLIC_URL only; see below.
import type { IncomingMessage } from 'node:http'

/**
 * oidc-provider builds its endpoints (discovery, redirects, forms) from the request's Host and,
 * behind a proxy, X-Forwarded-*: a request with `Host: evil.example` would get a discovery
 * document pointing at evil.example, which a cache then hands to everyone. So the request is
 * told PUBLIC_URL's host and scheme before the provider sees it, whatever the client sent
 * (the provider runs with `proxy = true` to read the scheme set here).
 */
export function publicOrigin(incoming: IncomingMessage, publicUrl: string): void {
  const url = new URL(publicUrl)
  incoming.headers.host = url.host
  incoming.headers['x-forwarded-proto'] = url.protocol.slice(0, -1)
  delete incoming.headers['x-forwarded-host']
  delete incoming.headers.forwarded
}
