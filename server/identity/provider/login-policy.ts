// The sign-in pages' Content-Security-Policy (server/platform/http/content-security.ts), on every answer
// of the embedded provider: its own pages (rendered inside oidc-provider, which adds the hash of
// any inline script it writes itself) and ours (the login form, set by login-interaction.ts).
import type Provider from 'oidc-provider'
import type { Config } from '../../parse-config.ts'
import { loginContentSecurityPolicy } from '../../platform/http/content-security.ts'
import { PAGE_INLINE_HASHES } from './pages.ts'

export function loginPolicyFor(config: Config): string {
  return loginContentSecurityPolicy({
    publicUrl: config.publicUrl,
    redirectUrls: [config.auth.redirectUrl, config.auth.logoutUrl],
    scriptHashes: PAGE_INLINE_HASHES.scripts,
    styleHashes: PAGE_INLINE_HASHES.styles,
  })
}

/** Sets the policy before oidc-provider renders, so that its response modes can extend it. */
export function enforceLoginPolicy(provider: Provider, policy: string): void {
  provider.use(async (ctx, next) => {
    ctx.set('Content-Security-Policy', policy)
    ctx.set('X-Frame-Options', 'DENY')
    await next()
  })
}
