// Who signs people in, and how the API lets them in: the embedded provider (zero configuration,
// with its members) or an external one read from its discovery document. Either way the rest of
// the product sees one authenticator (the bearer check, then the access policy) and the
// browser's sign-in settings.
import { createLocalJWKSet, createRemoteJWKSet, type JWTVerifyGetKey } from 'jose'
import type { ClientConfig } from '../../../shared/api.ts'
import type { IdentityProviderHandler } from '../../app.ts'
import type { Config } from '../../parse-config.ts'
import type { Database } from '../../platform/db/database.ts'
import type { SecretStore } from '../../platform/db/secrets.ts'
import { createApiTokenCheck } from '../api-tokens/api-token-check.ts'
import { ensureFirstUser, type FirstSignIn } from '../provider/first-admin.ts'
import { createMemberCheck, type MemberCheck } from '../provider/member-check.ts'
import { createEmbeddedIdentityProvider } from '../provider/provider.ts'
import { type AccessPolicy, createAccessPolicy } from './access-policy.ts'
import { createAuthenticator } from './authenticate.ts'
import { type Authenticate, createAccessTokenVerifier } from './bearer.ts'
import { buildClientConfig } from './client-config.ts'
import { discoverIssuer, type IssuerMetadata } from './discovery.ts'
import { createUserinfoLookup } from './userinfo.ts'
import { keepVerifiedTokens } from './verified-tokens.ts'

/** An external issuer's endpoints and keys (tests hand in their own instead of discovery). */
export interface ExternalIssuer {
  metadata: IssuerMetadata
  keys: JWTVerifyGetKey
}

export interface Identity {
  /** Every bearer credential the API accepts, verified and put to the access policy. */
  authenticate: Authenticate
  /** The access policy itself, for ways in that verify their own credentials (API tokens, live sessions). */
  policy: AccessPolicy
  clientConfig: ClientConfig
  /** The embedded provider's endpoints, when it is the issuer. */
  provider?: IdentityProviderHandler
  /** The embedded provider's members, as the access policy sees them. */
  members?: MemberCheck
  /** How the embedded provider's first admin signs in, until someone has signed in. */
  firstUser?: FirstSignIn
  close(): void
}

export async function discoverExternalIssuer(issuer: string): Promise<ExternalIssuer> {
  const metadata = await discoverIssuer(issuer)
  return { metadata, keys: createRemoteJWKSet(new URL(metadata.jwksUri)) }
}

export async function createIdentity(
  config: Config,
  stores: { db: Database; secrets: SecretStore; now?: () => number },
  external: (issuer: string) => Promise<ExternalIssuer> = discoverExternalIssuer,
): Promise<Identity> {
  const { db, now = () => Date.now() } = stores
  const embedded = config.auth.embedded
    ? await createEmbeddedIdentityProvider({ config, ...stores })
    : undefined
  const issuer: ExternalIssuer = embedded
    ? { metadata: embedded.metadata, keys: createLocalJWKSet(embedded.publicJwks) }
    : await external(config.auth.issuer)
  const firstUser = embedded ? await ensureFirstUser(db, config.admin, stores.secrets) : undefined
  const members = embedded ? createMemberCheck(db, now) : undefined
  const { userinfoEndpoint } = issuer.metadata
  const policy = createAccessPolicy({
    rules: config.auth.access,
    ...(userinfoEndpoint ? { userinfo: createUserinfoLookup({ endpoint: userinfoEndpoint }) } : {}),
    ...(members ? { member: members.standing } : {}),
    ...(!embedded && config.admin.email ? { adminEmail: config.admin.email.toLowerCase() } : {}),
  })
  const verifyAccessToken = keepVerifiedTokens(
    createAccessTokenVerifier({
      issuer: issuer.metadata.issuer,
      audience: config.auth.audience,
      leewaySeconds: config.auth.leewaySeconds,
      keys: issuer.keys,
    }),
    { leewaySeconds: config.auth.leewaySeconds },
  )
  return {
    authenticate: createAuthenticator({ verifyAccessToken, policy, apiTokens: createApiTokenCheck(db, now) }),
    policy,
    clientConfig: buildClientConfig(config, issuer.metadata),
    ...(embedded ? { provider: embedded } : {}),
    ...(members ? { members } : {}),
    ...(firstUser ? { firstUser } : {}),
    close: () => embedded?.stop(),
  }
}
