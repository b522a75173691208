// Only the app's own "Log out" signs out without a click: a link, an image or a redirect from
// another site must not end anyone's session. The app's navigation says it is same-origin, or,
// where browsers send no Sec-Fetch-Site (a plain-http intranet address is not a secure context),
// carries this session's own id token as its hint, which no other site holds.
import { decodeJwt } from 'jose'
import type { KoaContextWithOIDC } from 'oidc-provider'

export function isAppsOwnLogout(ctx: KoaContextWithOIDC): boolean {
  return ctx.get('sec-fetch-site') === 'same-origin' || hintNamesSession(ctx.oidc)
}

/** The end-session request's id_token_hint (validated by the provider first) names this session's account. */
function hintNamesSession(oidc: KoaContextWithOIDC['oidc']): boolean {
  const hint = oidc.params?.id_token_hint
  const accountId = oidc.session?.accountId
  if (typeof hint !== 'string' || !accountId) return false
  try {
    return decodeJwt(hint).sub === accountId
  } catch {
    return false
  }
}
