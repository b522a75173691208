// The hosts the policies name come from configuration, and only from there.
import { describe, expect, it } from 'vitest'
import { buildClientConfig } from '../../identity/access/client-config.ts'
import { loginPolicyFor } from '../../identity/provider/login-policy.ts'
import { parseConfig } from '../../parse-config.ts'
import { appContentSecurityPolicy } from './content-security.ts'

const directive = (policy: string, name: string) =>
  policy
    .split('; ')
    .find((d) => d.startsWith(`${name} `))
    ?.split(' ')
    .slice(1)

const hostsIn = (policy: string) => new Set(policy.match(/https?:\/\/[^\s;]+/g))

describe('the app policy', () => {
  it('with zero configuration names only the public address', () => {
    const config = parseConfig({})
    const policy = appContentSecurityPolicy({
      publicUrl: config.publicUrl,
      auth: buildClientConfig(config, {
        issuer: config.auth.issuer,
        authorizationEndpoint: `${config.auth.issuer}/auth`,
        jwksUri: `${config.auth.issuer}/jwks`,
      }).auth,
      uploadUrls: [`${config.appUrl}/files/upload`],
    })
    expect([...hostsIn(policy)]).toEqual(['http://localhost:3000'])
    expect(directive(policy, 'script-src')).toEqual(["'self'"])
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"])
  })

  it('allows an external provider, its key and token hosts and an object store where they are configured', () => {
    const config = parseConfig({
      PUBLIC_URL: 'https://ads.example.com',
      AUTH_ISSUER: 'https://tenant.eu.auth0.com/',
      AUTH_CLIENT_ID: 'spa',
    })
    const policy = appContentSecurityPolicy({
      publicUrl: config.publicUrl,
      auth: buildClientConfig(config, {
        issuer: 'https://tenant.eu.auth0.com/',
        authorizationEndpoint: 'https://tenant.eu.auth0.com/authorize',
        tokenEndpoint: 'https://tokens.example.net/oauth/token',
        jwksUri: 'https://keys.example.org/jwks.json',
      }).auth,
      uploadUrls: ['https://bucket.s3.eu-west-1.amazonaws.com/packages'],
    })
    expect(directive(policy, 'connect-src')).toEqual([
      "'self'",
      'https://ads.example.com',
      'https://tenant.eu.auth0.com',
      'https://tokens.example.net',
      'https://keys.example.org',
      'https://bucket.s3.eu-west-1.amazonaws.com',
    ])
    expect(directive(policy, 'frame-src')).toEqual([
      "'self'",
      'https://ads.example.com',
      'https://tenant.eu.auth0.com',
    ])
    expect(directive(policy, 'img-src')).toEqual(["'self'", 'https://ads.example.com', 'data:', 'blob:'])
  })
})

it('the sign-in policy sends forms only to the provider and the configured app addresses', () => {
  const policy = loginPolicyFor(
    parseConfig({ PUBLIC_URL: 'https://ads.example.com', AUTH_LOGOUT_URL: 'https://www.example.com/bye' }),
  )
  expect(directive(policy, 'form-action')).toEqual([
    "'self'",
    'https://ads.example.com',
    'https://www.example.com',
  ])
  expect(directive(policy, 'default-src')).toEqual(["'none'"])
  expect(directive(policy, 'script-src')).toHaveLength(1)
})
