// An external OpenID provider's endpoints, read from its discovery document at startup. The
// document must name the very issuer it was asked for (OpenID Connect Discovery 1.0 §4.3):
// otherwise tokens would be checked against an issuer nobody configured, so the start stops.
import { z } from 'zod'

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string().optional(),
  end_session_endpoint: z.string().optional(),
  userinfo_endpoint: z.string().optional(),
  jwks_uri: z.string(),
})

export interface IssuerMetadata {
  issuer: string
  authorizationEndpoint: string
  tokenEndpoint?: string
  endSessionEndpoint?: string
  userinfoEndpoint?: string
  jwksUri: string
}

export async function discoverIssuer(
  issuer: string,
  fetchImpl: typeof fetch = fetch,
): Promise<IssuerMetadata> {
  const url = `${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`
  let body: unknown
  try {
    const response = await fetchImpl(url, { signal: AbortSignal.timeout(10_000) })
    if (!response.ok) throw new Error(`HTTP ${response.status}`)
    body = await response.json()
  } catch (error) {
    throw new Error(
      `Cannot read the identity provider's discovery document at ${url}: ${(error as Error).message}`,
    )
  }
  const parsed = discoverySchema.safeParse(body)
  if (!parsed.success)
    throw new Error(`The discovery document at ${url} lacks ${parsed.error.issues[0]?.path.join('.')}`)
  const d = parsed.data
  if (d.issuer !== issuer) {
    throw new Error(
      `The discovery document at ${url} names the issuer "${d.issuer}", not the configured "${issuer}": set AUTH_ISSUER to exactly the provider's issuer.`,
    )
  }
  return {
    issuer: d.issuer,
    authorizationEndpoint: d.authorization_endpoint,
    jwksUri: d.jwks_uri,
    ...(d.token_endpoint ? { tokenEndpoint: d.token_endpoint } : {}),
    ...(d.end_session_endpoint ? { endSessionEndpoint: d.end_session_endpoint } : {}),
    ...(d.userinfo_endpoint ? { userinfoEndpoint: d.userinfo_endpoint } : {}),
  }
}
