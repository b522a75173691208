// Which OpenID provider signs people in (the embedded one unless AUTH_ISSUER or AUTH_DOMAIN is
// set) and how its tokens are checked.
import { AUTH_LEEWAY_DEFAULT_SECONDS, AUTH_LEEWAY_MAX_SECONDS } from '../../shared/constants.ts'
import { ROUTES } from '../../shared/paths.ts'
import { ConfigIssue, defineConfigArea, env } from '../config/env.ts'

export const EMBEDDED_CLIENT_ID = 'ads-preview'

export const authConfig = defineConfigArea(
  {
    AUTH_ISSUER: env.optionalUrl(),
    AUTH_DOMAIN: env.optionalString(),
    AUTH_CLIENT_ID: env.optionalString(),
    AUTH_AUDIENCE: env.optionalString(),
    AUTH_REDIRECT_URL: env.optionalUrl(),
    AUTH_LOGOUT_URL: env.optionalUrl(),
    AUTH_FLOW: env.oneOf(['implicit', 'code'], 'implicit'),
    AUTH_LEEWAY: env.intWithDefault(AUTH_LEEWAY_DEFAULT_SECONDS, 0, AUTH_LEEWAY_MAX_SECONDS),
    AUTH_ORGANIZATION: env.optionalString(),
  },
  (e, { appUrl }) => {
    const externalIssuer =
      e.AUTH_ISSUER ??
      (e.AUTH_DOMAIN
        ? `https://${e.AUTH_DOMAIN.replace(/^https?:\/\//, '').replace(/\/+$/, '')}/`
        : undefined)
    if (externalIssuer && !e.AUTH_CLIENT_ID) {
      throw new ConfigIssue('AUTH_CLIENT_ID', 'required when AUTH_ISSUER or AUTH_DOMAIN is set')
    }
    return {
      /** True when the embedded oidc-provider is the issuer (no AUTH_ISSUER / AUTH_DOMAIN). */
      embedded: !externalIssuer,
      issuer: externalIssuer ?? `${appUrl}/oidc`,
      clientId: e.AUTH_CLIENT_ID ?? EMBEDDED_CLIENT_ID,
      audience: e.AUTH_AUDIENCE ?? `${appUrl}/api`,
      redirectUrl: e.AUTH_REDIRECT_URL ?? `${appUrl}${ROUTES.validateToken}`,
      logoutUrl: e.AUTH_LOGOUT_URL ?? `${appUrl}${ROUTES.login}`,
      flow: e.AUTH_FLOW,
      leewaySeconds: e.AUTH_LEEWAY,
      organization: e.AUTH_ORGANIZATION,
    }
  },
)
