// The embedded OpenID provider (oidc-provider, OpenID Certified), mounted at
// `${BASE_PATH}${SERVER_MOUNTS.oidc}` on our one port: zero-configuration sign-in. Its login page is ours.
// TOOLCHAIN.md records the pitfalls this wiring avoids.

import type { HttpBindings } from '@hono/node-server'
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response'
import type { Context } from 'hono'
import Provider, { type Configuration, errors, type KoaContextWithOIDC } from 'oidc-provider'
import { BASE_PATH, LOGIN_SCOPE, productTitle } from '../../../shared/constants.ts'
import { SERVER_MOUNTS } from '../../../shared/paths.ts'
import type { Config } from '../../parse-config.ts'
import type { Database } from '../../platform/db/database.ts'
import type { SecretStore } from '../../platform/db/secrets.ts'
import { logger } from '../../platform/log/logger.ts'
import { accountsIn } from './accounts.ts'
import { createDatabaseAdapter, purgeExpired } from './adapter.ts'
import { isAppsOwnLogout } from './apps-own-logout.ts'
import { allowImplicitOnLocalHttp } from './implicit-on-local-http.ts'
import { loadOrCreateProviderKeys } from './keys.ts'
import { withLoadedSessions } from './loaded-sessions.ts'
import { createLoginInteraction } from './login-interaction.ts'
import { enforceLoginPolicy, loginPolicyFor } from './login-policy.ts'
import { errorPage, logoutPage } from './pages.ts'
import { publicOrigin } from './public-origin.ts'
import { createPasswordSignIn } from './sign-in.ts'

export const OIDC_MOUNT = `${BASE_PATH}${SERVER_MOUNTS.oidc}`
const API_SCOPE = 'packages'

export interface EmbeddedIdentityProvider {
  handle(c: Context): Promise<Response>
  publicJwks: { keys: import('jose').JWK[] }
  /** Endpoints, as discovery would tell them. */
  metadata: {
    issuer: string
    authorizationEndpoint: string
    tokenEndpoint: string
    endSessionEndpoint: string
    jwksUri: string
  }
  stop(): void
}

export async function createEmbeddedIdentityProvider(deps: {
  config: Config
  db: Database
  secrets: SecretStore
  /** The product's clock, for the sign-in throttle (oidc-provider keeps its own: Date). */
  now?: () => number
}): Promise<EmbeddedIdentityProvider> {
  const { config, db } = deps
  const { auth } = config
  const keys = await loadOrCreateProviderKeys(deps.secrets)
  const title = productTitle(config.productName)

  // AUTH_FLOW=code turns the implicit flow off here too: a hand-made `id_token token` request
  // must not still get an access token in the URL fragment.
  const code = auth.flow === 'code'
  const responseTypes: Array<'code' | 'id_token token'> = code ? ['code'] : ['id_token token', 'code']
  const configuration: Configuration = {
    adapter: createDatabaseAdapter(db),
    jwks: { keys: keys.jwks.keys as never },
    cookies: { keys: keys.cookieKeys, long: { signed: true }, short: { signed: true } },
    clients: [
      {
        client_id: auth.clientId,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        response_types: responseTypes,
        grant_types: code ? ['authorization_code'] : ['implicit', 'authorization_code'],
        redirect_uris: [auth.redirectUrl],
        post_logout_redirect_uris: [auth.logoutUrl],
      },
    ],
    responseTypes,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The client reads the profile from the id token, so its claims go there too.
    conformIdTokenClaims: false,
    extraParams: ['audience'],
    ...accountsIn(db),
    // First-party app: a grant for the app's scopes and audience is given, never asked for, so
    // prompt=none does not answer consent_required.
    async loadExistingGrant(ctx) {
      const client = ctx.oidc.client
      const session = ctx.oidc.session
      if (!client || !session?.accountId) return undefined
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId)
      const grant =
        (grantId && (await ctx.oidc.provider.Grant.find(grantId))) ||
        new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId })
      grant.addOIDCScope(LOGIN_SCOPE)
      grant.addResourceScope(auth.audience, API_SCOPE)
      await grant.save()
      return grant
    },
    interactions: { url: (_ctx, interaction) => `${OIDC_MOUNT}/interaction/${interaction.uid}` },
    features: {
      devInteractions: { enabled: false },
      webMessageResponseMode: { enabled: true, ack: 'individual-draft-01' },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.type = 'html'
          ctx.body = logoutPage(title, form, isAppsOwnLogout(ctx))
        },
      },
      resourceIndicators: {
        enabled: true,
        // Auth0-style `audience` (the spec's authorize call) selects the resource.
        defaultResource: (ctx) => (ctx.oidc.params?.audience as string | undefined) ?? auth.audience,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resource) {
          if (resource !== auth.audience) throw new errors.InvalidTarget()
          return {
            scope: API_SCOPE,
            audience: auth.audience,
            accessTokenFormat: 'jwt',
            accessTokenTTL: 60 * 60,
            jwt: { sign: { alg: 'RS256' } },
          }
        },
      },
    },
    ttl: {
      Session: 14 * 24 * 60 * 60,
      Grant: 14 * 24 * 60 * 60,
      Interaction: 60 * 60,
      IdToken: 60 * 60,
      AccessToken: 60 * 60,
      AuthorizationCode: 60,
    },
    async renderError(ctx, out) {
      ctx.type = 'html'
      ctx.body = errorPage(
        title,
        'Sign-in failed',
        String(out.error_description ?? out.error ?? 'Something went wrong'),
      )
    },
  }

  const provider = new Provider(auth.issuer, configuration)
  // Every URL it issues is built from PUBLIC_URL (publicOrigin), never from the request.
  provider.proxy = true
  provider.on('server_error', (_ctx: KoaContextWithOIDC, error: Error) =>
    logger.error({ err: error }, 'The identity provider failed'),
  )
  allowImplicitOnLocalHttp(provider, auth.redirectUrl)

  // Koa composes its middleware when callback() is called: the policy must be in place before.
  const loginPolicy = loginPolicyFor(config)
  enforceLoginPolicy(provider, loginPolicy)
  const callback = provider.callback()
  const interaction = createLoginInteraction({
    provider,
    contentSecurityPolicy: loginPolicy,
    mount: OIDC_MOUNT,
    title,
    cookieKey: keys.cookieKeys[0]!,
    signIn: createPasswordSignIn(db, deps.now),
    trustedProxies: config.http.trustedProxies,
  })
  const purgeTimer = setInterval(() => void purgeExpired(db).catch(() => {}), 15 * 60 * 1000)
  purgeTimer.unref()

  return {
    publicJwks: keys.publicJwks,
    metadata: {
      issuer: auth.issuer,
      authorizationEndpoint: `${auth.issuer}/auth`,
      tokenEndpoint: `${auth.issuer}/token`,
      endSessionEndpoint: `${auth.issuer}/session/end`,
      jwksUri: `${auth.issuer}/jwks`,
    },
    async handle(c) {
      const { incoming, outgoing } = c.env as HttpBindings
      publicOrigin(incoming, config.publicUrl)
      const url = incoming.url ?? '/'
      const path = url.slice(OIDC_MOUNT.length).split('?')[0] || '/'
      if (path.startsWith('/interaction/')) return interaction(c, incoming, outgoing, path)
      // oidc-provider routes relative to its mount and finds the mount from originalUrl.
      Object.assign(incoming, { originalUrl: url })
      incoming.url = url.slice(OIDC_MOUNT.length) || '/'
      await withLoadedSessions(() => callback(incoming, outgoing))
      return RESPONSE_ALREADY_SENT
    },
    stop: () => clearInterval(purgeTimer),
  }
}
