// Which OpenID provider signs people in (the embedded one unless AUTH_ISSUER or AUTH_DOMAIN is
// set), how its tokens are checked, and who of its people gets in (the access policy's rules).

import { z } from 'zod'
import { AUTH_LEEWAY_DEFAULT_SECONDS, AUTH_LEEWAY_MAX_SECONDS } from '../../../shared/constants.ts'
import { ROUTES, SERVER_MOUNTS } from '../../../shared/paths.ts'
import { defineConfigArea } from '../../platform/config/config-area.ts'
import { ConfigIssue, env } from '../../platform/config/env.ts'
import type { AccessRules } from './access-policy.ts'

export const EMBEDDED_CLIENT_ID = 'ads-preview'

const DOMAIN = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/
/** `example.com, Example.ORG` -> ['example.com', 'example.org']; unset: []. */
const domainList = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((domain) => domain.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(DOMAIN, 'must be domains separated by commas (example.com,example.org)')))
    .default([]),
)
/** `groups=ads-preview` -> { name: 'groups', value: 'ads-preview' }: split at the first '='. */
const requiredClaim = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z
    .string()
    .regex(/^[^=]+=.+$/, 'must be a claim name and a value: name=value (groups=ads-preview)')
    .transform((value) => {
      const at = value.indexOf('=')
      return { name: value.slice(0, at).trim(), value: value.slice(at + 1).trim() }
    })
    .optional(),
)

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
    AUTH_ALLOWED_EMAIL_DOMAINS: domainList,
    AUTH_REQUIRED_CLAIM: requiredClaim,
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
    // The embedded provider's tokens carry neither: every sign-in would be refused.
    for (const [name, value] of [
      ['AUTH_ORGANIZATION', e.AUTH_ORGANIZATION],
      ['AUTH_REQUIRED_CLAIM', e.AUTH_REQUIRED_CLAIM],
    ] as const) {
      if (!externalIssuer && value !== undefined) {
        throw new ConfigIssue(name, 'needs an external provider (AUTH_ISSUER or AUTH_DOMAIN)')
      }
    }
    const access: AccessRules = {
      ...(e.AUTH_ORGANIZATION ? { organization: e.AUTH_ORGANIZATION } : {}),
      allowedEmailDomains: e.AUTH_ALLOWED_EMAIL_DOMAINS,
      ...(e.AUTH_REQUIRED_CLAIM ? { requiredClaim: e.AUTH_REQUIRED_CLAIM } : {}),
    }
    return {
      /** True when the embedded oidc-provider is the issuer (no AUTH_ISSUER / AUTH_DOMAIN). */
      embedded: !externalIssuer,
      issuer: externalIssuer ?? `${appUrl}${SERVER_MOUNTS.oidc}`,
      clientId: e.AUTH_CLIENT_ID ?? EMBEDDED_CLIENT_ID,
      audience: e.AUTH_AUDIENCE ?? `${appUrl}/api`,
      redirectUrl: e.AUTH_REDIRECT_URL ?? `${appUrl}${ROUTES.validateToken}`,
      logoutUrl: e.AUTH_LOGOUT_URL ?? `${appUrl}${ROUTES.login}`,
      flow: e.AUTH_FLOW,
      leewaySeconds: e.AUTH_LEEWAY,
      organization: e.AUTH_ORGANIZATION,
      /** Who gets in, enforced by the server on every way in (access-policy.ts). */
      access,
    }
  },
)

export type AuthConfig = ReturnType<typeof authConfig.read>
