// Who signs people in, and how the API checks their tokens: the embedded provider (zero
// configuration) or an external one read from its discovery document. Either way the rest of
// the product sees a token verifier and the browser's sign-in settings.
import { createLocalJWKSet, createRemoteJWKSet, type JWTVerifyGetKey } from 'jose'
import type { ClientConfig } from '../../shared/api.ts'
import type { IdentityProviderHandler } from '../app.ts'
import type { Config } from '../config/parse-config.ts'
import type { Db } from '../db/client.ts'
import { createEmbeddedIdentityProvider } from '../idp/provider.ts'
import { ensureFirstUser } from '../idp/users.ts'
import { createAccessTokenVerifier, type VerifyAccessToken } from './bearer.ts'
import { buildClientConfig } from './client-config.ts'
import { discoverIssuer, type IssuerMetadata } from './discovery.ts'

/** An external issuer's endpoints and keys (tests hand in their own instead of discovery). */
export interface ExternalIssuer {
  metadata: IssuerMetadata
  keys: JWTVerifyGetKey
}

export interface Identity {
  verifyAccessToken: VerifyAccessToken
  clientConfig: ClientConfig
  /** The embedded provider's endpoints, when it is the issuer. */
  provider?: IdentityProviderHandler
  /** What to tell the person about signing in, when the embedded provider made a first user. */
  firstUser?: { email: string; generatedPassword?: string }
  close(): void
}

export async function discoverExternalIssuer(issuer: string): Promise<ExternalIssuer> {
  const metadata = await discoverIssuer(issuer)
  return { metadata, keys: createRemoteJWKSet(new URL(metadata.jwksUri)) }
}

export async function createIdentity(
  config: Config,
  db: Db,
  external: (issuer: string) => Promise<ExternalIssuer> = discoverExternalIssuer,
): Promise<Identity> {
  const embedded = config.auth.embedded ? await createEmbeddedIdentityProvider({ config, db }) : undefined
  const issuer = embedded
    ? { metadata: embedded.metadata, keys: createLocalJWKSet(embedded.publicJwks) }
    : await external(config.auth.issuer)
  const firstUser = embedded ? await ensureFirstUser(db, config.admin) : undefined
  return {
    verifyAccessToken: createAccessTokenVerifier({
      issuer: issuer.metadata.issuer,
      audience: config.auth.audience,
      leewaySeconds: config.auth.leewaySeconds,
      keys: issuer.keys,
    }),
    clientConfig: buildClientConfig(config, issuer.metadata),
    ...(embedded ? { provider: embedded } : {}),
    ...(firstUser ? { firstUser } : {}),
    close: () => embedded?.stop(),
  }
}
