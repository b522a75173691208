// Zero configuration runs the embedded provider on plain http://localhost; see below.
import type Provider from 'oidc-provider'

/**
 * OpenID Connect forbids implicit redirects to http or localhost; oidc-provider enforces it and
 * its maintainers refuse a switch. Zero configuration runs on http://localhost, so for our own
 * embedded client only, and only while the redirect URL really is plain http, those two checks
 * are skipped (the library's documented recipe). Every other client rule still applies.
 */
export function allowImplicitOnLocalHttp(provider: Provider, redirectUrl: string): void {
  if (!redirectUrl.startsWith('http:')) return
  const schema = (
    provider.Client as unknown as {
      Schema: { prototype: { invalidate(message: string, code?: string): void } }
    }
  ).Schema
  const original = schema.prototype.invalidate
  schema.prototype.invalidate = function invalidate(message: string, code?: string) {
    if (code === 'implicit-force-https' || code === 'implicit-forbid-localhost') return
    original.call(this, message, code)
  }
}
