// What the browser needs to sign in, served as
// /ads-preview/client-config.json: never a secret, only public settings and endpoints.
import type { ClientConfig } from '../../../shared/api.ts'
import type { Config } from '../../parse-config.ts'
import type { IssuerMetadata } from './discovery.ts'

export function buildClientConfig(config: Config, issuer: IssuerMetadata): ClientConfig {
  const { auth } = config
  return {
    productName: config.productName,
    maxPackageBytes: config.uploads.maxPackageBytes,
    defaultTargets: config.targets.defaultTargets,
    auth: {
      issuer: issuer.issuer,
      clientId: auth.clientId,
      audience: auth.audience,
      redirectUrl: auth.redirectUrl,
      logoutUrl: auth.logoutUrl,
      flow: auth.flow,
      leewaySeconds: auth.leewaySeconds,
      ...(auth.organization ? { organization: auth.organization } : {}),
      authorizationEndpoint: issuer.authorizationEndpoint,
      jwksUri: issuer.jwksUri,
      ...(issuer.tokenEndpoint ? { tokenEndpoint: issuer.tokenEndpoint } : {}),
      ...(issuer.endSessionEndpoint ? { endSessionEndpoint: issuer.endSessionEndpoint } : {}),
    },
  }
}
